import type { SnapshotRead } from './snapshot.ts';
import { reconcile, type BlockedState, type StartStep, type StartupState } from './startup.ts';
import type { ShellContextValue } from '../context/shell.ts';
import type { PortalUser } from '../context/user.ts';

/**
 * One start-up flow with three entries (the "instant start"):
 * - **snapshot**: a fresh start snapshot of this user exists, so the shell is drawn from it at once
 *   and the start-up sequence runs behind it (user → flags → platform → sellers → websites and
 *   sites); `reconcile` applies what changed in place.
 * - **first**: no usable snapshot; the sequence runs behind the spinner, with a deadline past which
 *   the page says what is still loading (Retry, Log out, and Continue offline when an older snapshot
 *   of this user exists, or one of an earlier release).
 * - **offline**: the snapshot of whoever signed in last, of any age and release; nothing waits on the network
 *   (the switch dialog brings the online start back when the connection returns).
 * A start that failed or hangs for want of a connection resumes by itself when it returns.
 * Framework-free: the React side only renders `getState()`.
 */
export type StartEntry = 'first' | 'snapshot' | 'offline';

export type StartView =
  | { kind: 'loading'; step: StartStep }
  /** The deadline passed while `step` was still loading. */
  | { kind: 'stalled'; step: StartStep; canContinueOffline: boolean }
  | { kind: 'blocked'; state: BlockedState }
  /** `siteInvalid`: the drawn site is no longer the user's (the invalid-site dialog shows). */
  | { kind: 'ready'; entry: StartEntry; context: ShellContextValue; siteInvalid: boolean }
  /** Offline with no snapshot: never signed in online on this device. */
  | { kind: 'noOfflineData' };

export interface StartFlowDeps {
  mode: 'online' | 'offline';
  user: PortalUser | null;
  /** The snapshot to draw: this user's within the configured age online; the last one offline. */
  readSnapshot(): Promise<SnapshotRead>;
  /**
   * The same, when it has been read already (the boot step's read, settled before the first render):
   * the flow begins drawn from it, so the page's first render is the shell, not a spinner. Null: read it.
   */
  snapshotNow?(): SnapshotRead | null;
  /** The user's current claims for a snapshot start; null when they must sign in again. */
  refreshUser(): Promise<PortalUser | null>;
  runStartup(user: PortalUser, onStep: (step: StartStep) => void): Promise<StartupState>;
  saveSnapshot(context: ShellContextValue): Promise<void>;
  /** A context is drawn: the API's X-Seller-Id follows it. */
  onContext(context: ShellContextValue): void;
  deadlineMs: number;
  /** Calls `listener` when the browser's connection returns; returns the unsubscribe function. */
  onConnectionReturn(listener: () => void): () => void;
  /**
   * Calls `run` once the drawn shell has had its moment (the start frame is requested in the renders
   * right after it): a snapshot start revalidates only then, so the network and the work of the
   * revalidation never compete with the frame. Returns a cancel function. Default: at once.
   */
  behindShell?(run: () => void): () => void;
  setTimer?(callback: () => void, ms: number): () => void;
}

const defaultTimer = (callback: () => void, ms: number) => {
  const id = setTimeout(callback, ms);
  return () => clearTimeout(id);
};

export class StartFlow {
  private view: StartView = { kind: 'loading', step: 'session' };
  private readonly listeners = new Set<() => void>();
  /** Each run of the sequence; an answer from an older run is ignored. */
  private attempt = 0;
  private canContinueOffline = false;
  /** A snapshot start whose revalidation could not reach the API: run it again when the connection returns. */
  private revalidationPending = false;
  private stopDeadline: () => void = () => undefined;
  private stopListening: () => void = () => undefined;
  private stopWaiting: () => void = () => undefined;

  /** The snapshot read before the flow began (snapshotNow), taken by start(). */
  private early: SnapshotRead | null;

  constructor(private readonly deps: StartFlowDeps) {
    this.early = deps.snapshotNow?.() ?? null;
    // Nobody listens yet: this only sets the view (and the context followed).
    const drawn = this.early && this.drawnFrom(this.early);
    if (drawn) this.set(drawn);
  }

  /** What a snapshot draws at once: the shell (or, offline, the page saying there is none); null: the full start runs. */
  private drawnFrom(snapshot: SnapshotRead): StartView | null {
    const offline = this.deps.mode === 'offline';
    if (snapshot.kind === 'usable') return { kind: 'ready', entry: offline ? 'offline' : 'snapshot', context: snapshot.context, siteInvalid: false };
    return offline ? { kind: 'noOfflineData' } : null;
  }

  getState = (): StartView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Stops the flow: answers still under way are ignored. */
  dispose(): void {
    this.attempt++;
    this.stopDeadline();
    this.stopListening();
    this.stopWaiting();
  }

  private set(view: StartView): void {
    this.view = view;
    if (view.kind === 'ready') this.deps.onContext(view.context);
    this.listeners.forEach((listener) => listener());
  }

  async start(): Promise<void> {
    this.stopListening = this.deps.onConnectionReturn(() => this.connectionReturned());
    const attempt = this.attempt;
    const { early } = this;
    this.early = null;
    const snapshot = early ?? (await this.deps.readSnapshot());
    if (attempt !== this.attempt) return;
    const drawn = this.drawnFrom(snapshot);
    // Drawn already when the flow began from it.
    if (drawn && !early) this.set(drawn);
    if (this.deps.mode === 'offline') return;
    if (snapshot.kind === 'usable') {
      const { behindShell } = this.deps;
      if (behindShell) await new Promise<void>((resolve) => (this.stopWaiting = behindShell(resolve)));
      if (attempt !== this.attempt) return;
      await this.revalidate();
      return;
    }
    this.canContinueOffline = snapshot.kind === 'stale' || snapshot.kind === 'otherRelease';
    await this.runFirst();
  }

  /** Retry on the deadline or failure page: the sequence from the top, behind the spinner. */
  retry = (): void => void this.runFirst();

  /** The full sequence behind the spinner, within the deadline. */
  private async runFirst(): Promise<void> {
    const { user } = this.deps;
    if (!user) return;
    const attempt = ++this.attempt;
    this.stopDeadline();
    let step: StartStep = 'session';
    this.set({ kind: 'loading', step });
    this.stopDeadline = (this.deps.setTimer ?? defaultTimer)(() => {
      if (attempt === this.attempt && this.view.kind === 'loading') {
        this.set({ kind: 'stalled', step, canContinueOffline: this.canContinueOffline });
      }
    }, this.deps.deadlineMs);
    const state = await this.deps.runStartup(user, (next) => {
      step = next;
      if (attempt === this.attempt && this.view.kind === 'loading') this.set({ kind: 'loading', step });
    });
    if (attempt !== this.attempt) return;
    this.stopDeadline();
    if (state.step === 'ready') {
      this.set({ kind: 'ready', entry: 'first', context: state.context, siteInvalid: false });
      void this.deps.saveSnapshot(state.context);
    } else {
      this.set({ kind: 'blocked', state });
    }
  }

  /** Behind a shell drawn from the snapshot: the sequence with the user's current claims, then reconcile. */
  private async revalidate(): Promise<void> {
    const attempt = ++this.attempt;
    this.revalidationPending = false;
    const user = await this.deps.refreshUser();
    if (!user || attempt !== this.attempt) return; // signing in again
    const fresh = await this.deps.runStartup(user, () => undefined);
    if (attempt !== this.attempt || this.view.kind !== 'ready') return;
    const shown = this.view.context;
    const outcome = reconcile(shown, fresh);
    switch (outcome.kind) {
      case 'keep':
        this.revalidationPending = true;
        return;
      case 'unchanged':
        // Stamp the snapshot anew: it was just confirmed.
        void this.deps.saveSnapshot(shown);
        return;
      case 'update':
        this.set({ kind: 'ready', entry: 'snapshot', context: outcome.context, siteInvalid: false });
        void this.deps.saveSnapshot(outcome.context);
        return;
      case 'siteInvalid':
        // The next start (after the dialog's reload) draws the valid site.
        void this.deps.saveSnapshot(outcome.context);
        this.set({ ...this.view, siteInvalid: true });
        return;
      case 'blocked':
        this.set({ kind: 'blocked', state: outcome.state });
        return;
    }
  }

  private connectionReturned(): void {
    const { view } = this;
    if (view.kind === 'loading' || view.kind === 'stalled' || (view.kind === 'blocked' && view.state.step === 'sellerLoadFailed')) {
      void this.runFirst();
    } else if (view.kind === 'ready' && view.entry === 'snapshot' && this.revalidationPending) {
      void this.revalidate();
    }
  }
}
