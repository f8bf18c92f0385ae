import { SESSION_END_DEADLINE_MS, type Capability, type FrameSettings } from '../../packages/frame-client/index.ts';
import { editing } from './editing.ts';
import { sendSessionEnd, sendSettings, type KnownFrame } from './messenger.ts';
import { touchPoolEntry, type PoolEntry } from './pool.ts';
import { FRAME_LOAD_TIMEOUT_MS, nextFrameStatus, OFFLINE_READY_TIMEOUT_MS, type FrameSignal, type FrameStatus } from './readiness.ts';
import { FRAME_ALLOW, frameWindowName } from './settings.ts';

export { FRAME_LOAD_TIMEOUT_MS, OFFLINE_READY_TIMEOUT_MS };

export interface FrameSpec {
  key: string;
  src: string;
  app: string;
  origin: string;
  title: string;
  settings: FrameSettings;
  /** The portal path it shows (warm.ts counts the person's opens by it). */
  path: string;
  /** The route's path parameters, told to a frame moved there in place. */
  params?: Readonly<Record<string, string>>;
}

/**
 * What the pool does once its later part has loaded, after the first screen (after-idle.ts): moves in place,
 * visibility, warm frames. Until then every new route gets a new document, as for an app of version 1.
 */
export interface PoolAfterIdle {
  /** A route is to be shown: if no frame shows it, a live frame of its app that routes in place is moved there (re-keyed, told). */
  showing(spec: FrameSpec): boolean;
  /** The page of `entry` said hello. */
  greeted(entry: FrameEntry): void;
  /** A route sync of `key`: whether it answers the move in place that frame awaits. */
  answered(key: string, navigation?: string): boolean;
}

export interface FrameEntry extends PoolEntry {
  /** Stable for the frame's life, unlike `key` (route sync re-keys a frame): the element's identity. */
  id: number;
  /** The address the iframe was created with; route sync may move the page on without a reload. */
  src: string;
  app: string;
  origin: string;
  title: string;
  /** window.name at creation, and the settings last told to the frame. */
  name: string;
  sentSettings: string;
  allow: string;
  attempt: number;
  status: FrameStatus;
  /** A frame created before the pool (useFrames.ts FrameAdoption), adopted instead of creating one; its first attempt only. */
  adopted: HTMLIFrameElement | null;
}

/** A frame created before the pool existed, with what it did meanwhile. */
export interface AdoptedFrame {
  element: HTMLIFrameElement;
  loaded: boolean;
  messages: MessageEvent[];
}

export interface PoolSnapshot {
  entries: readonly FrameEntry[];
  activeKey: string | null;
}

/**
 * The kept-alive frames, outside Ionic's page stack so their lifetime is the shell's: showing a route
 * again reuses its frame (and tells it new settings by message), the least recently used beyond the
 * pool size are dropped. Warm frames (loaded ahead, never shown: `lastUsed` 0) share the pool's room and
 * are the first to go.
 */
export class FramePool {
  private snapshot: PoolSnapshot = { entries: [], activeKey: null };
  private readonly listeners = new Set<() => void>();
  private readonly elements = new Map<string, HTMLIFrameElement>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>[]>();
  /** Apps that have said `ready` once: their frames wait for it (readiness.ts). */
  private readonly speaksReady = new Set<string>();
  /**
   * What the page in each frame (by entry id) takes part in, by its hello (packages/frame-client/handshake.ts),
   * and which said it since the frame's last `load`: a new document that loads without one takes part in nothing.
   */
  private readonly capabilities = new Map<number, readonly Capability[]>();
  private readonly helloSinceLoad = new Set<number>();
  private offline = false;
  private nextId = 1;
  /** Frames told the person left that have not answered yet (endSession). */
  private ending: { waiting: Set<Window>; done: () => void } | null = null;
  private afterIdle: PoolAfterIdle | null = null;

  /**
   * `adopt`: the frame a boot step already created for a new entry (useFrames.ts FrameAdoption), if it is
   * the one this spec would create; with the messages it posted before anyone listened.
   */
  constructor(
    private readonly size: () => number,
    private readonly adopt: (spec: { key: string; src: string; name: string }) => AdoptedFrame | null = () => null,
  ) {}

  /** Messages the adopted frame posted before the shell listened, handed out once. */
  private early: MessageEvent[] = [];
  takeEarlyMessages(): MessageEvent[] {
    const early = this.early;
    this.early = [];
    return early;
  }

  getSnapshot = (): PoolSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(next: Partial<PoolSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    this.listeners.forEach((listener) => listener());
  }

  private patch(key: string, change: Partial<FrameEntry>): void {
    this.update({ entries: this.snapshot.entries.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)) });
  }

  /** Takes up the pool's later part (after-idle.ts). */
  takeUp(afterIdle: PoolAfterIdle): void {
    this.afterIdle = afterIdle;
  }

  show(spec: FrameSpec): void {
    const settings = frameWindowName(spec.settings);
    // A frame moved in place is told its route's settings with the move.
    const moved = this.afterIdle?.showing(spec);
    const existing = this.snapshot.entries.find((entry) => entry.key === spec.key);
    const adopted = existing ? null : this.adopt({ key: spec.key, src: spec.src, name: settings });
    const entries = touchPoolEntry(this.snapshot.entries, spec.key, Date.now(), this.size(), () => ({
      id: this.nextId++,
      key: spec.key,
      src: spec.src,
      app: spec.app,
      origin: spec.origin,
      title: spec.title,
      name: settings,
      sentSettings: settings,
      allow: FRAME_ALLOW,
      attempt: 0,
      status: 'loading' as const,
      adopted: adopted?.element ?? null,
      lastUsed: 0,
    }));
    for (const gone of this.snapshot.entries.filter((entry) => !entries.some((kept) => kept.key === entry.key))) this.forget(gone);
    this.update({ entries, activeKey: spec.key });
    if (adopted) {
      this.elements.set(spec.key, adopted.element);
      this.early = adopted.messages;
    }
    if (!existing) {
      this.startTimer(spec.key);
      if (adopted?.loaded) this.loaded(spec.key);
    } else if (existing.sentSettings !== settings) {
      const frame = this.known(spec.key);
      if (frame && !moved) sendSettings(frame, spec.settings);
      this.patch(spec.key, { sentSettings: settings, title: spec.title });
    }
  }

  hide(): void {
    if (this.snapshot.activeKey !== null) this.update({ activeKey: null });
  }

  /**
   * Adds a frame without showing it (a warm one, warm.ts) when the pool has room: it loads hidden, never at
   * the cost of a kept-alive frame, and goes first when a shown route needs room (`lastUsed` 0).
   */
  add(entry: Omit<FrameEntry, 'id'>): boolean {
    const { entries } = this.snapshot;
    if (entries.length >= this.size()) return false;
    this.update({ entries: [...entries, { ...entry, id: this.nextId++ }] });
    this.startTimer(entry.key);
    return true;
  }

  /** A route sync of the frame at `key`: whether it answers a move in place (after-idle.ts). */
  answered(key: string, navigation?: string): boolean {
    return this.afterIdle?.answered(key, navigation) ?? false;
  }

  /**
   * The app of the frame that may move the portal's address: only the one shown. A kept-alive frame
   * whose page changes late (a link tapped just before the user opened another menu item) must not
   * pull the portal back to it.
   */
  routeSender(key: string): string | null {
    if (this.snapshot.activeKey !== key) return null;
    return this.snapshot.entries.find((entry) => entry.key === key)?.app ?? null;
  }

  /** The app of a frame in the pool, shown or kept alive (any of them may hand the outbox a write). */
  appOf(key: string): string | null {
    return this.snapshot.entries.find((entry) => entry.key === key)?.app ?? null;
  }

  /** The frame moved to another page by itself (route sync): it now answers for `key`. */
  rekey(oldKey: string, key: string): void {
    if (oldKey === key || this.snapshot.entries.some((entry) => entry.key === key)) return;
    const element = this.elements.get(oldKey);
    this.elements.delete(oldKey);
    if (element) this.elements.set(key, element);
    this.update({
      entries: this.snapshot.entries.map((entry) => (entry.key === oldKey ? { ...entry, key } : entry)),
      activeKey: this.snapshot.activeKey === oldKey ? key : this.snapshot.activeKey,
    });
  }

  /** The iframe showing `key`, once it exists. */
  element(key: string): HTMLIFrameElement | null {
    return this.elements.get(key) ?? null;
  }

  attach(key: string, element: HTMLIFrameElement | null): void {
    if (element) this.elements.set(key, element);
  }

  /** Offline mode or no connectivity: only `ready` shows a frame, and a silent one soon gets the card. */
  setOffline(offline: boolean): void {
    if (offline === this.offline) return;
    this.offline = offline;
    if (!offline) return;
    for (const entry of this.snapshot.entries) {
      if (entry.status === 'loading') this.later(entry.id, 'offline-deadline', OFFLINE_READY_TIMEOUT_MS);
    }
  }

  /** The iframe's `load` event: also fires for the browser's error page, so it counts only online (readiness.ts). */
  loaded(key: string): void {
    const entry = this.snapshot.entries.find((candidate) => candidate.key === key);
    // A new document in the frame (a link inside the app) that said no hello before its load is an app
    // of version 1: what the previous document took part in no longer holds.
    if (entry && !this.helloSinceLoad.delete(entry.id)) this.capabilities.delete(entry.id);
    this.signal(key, 'load');
  }

  /** The frame's page said hello: what it takes part in, until its document changes. */
  hello(key: string, capabilities: readonly Capability[]): void {
    const entry = this.snapshot.entries.find((candidate) => candidate.key === key);
    if (!entry) return;
    this.helloSinceLoad.add(entry.id);
    this.capabilities.set(entry.id, capabilities);
    this.afterIdle?.greeted(entry);
  }

  /** Whether the page shown for `key` takes part in `capability` (said so in its hello). */
  takesPart(key: string, capability: Capability): boolean {
    const entry = this.snapshot.entries.find((candidate) => candidate.key === key);
    return (entry && this.capabilities.get(entry.id)?.includes(capability)) ?? false;
  }

  /** The frame's page said it has drawn. */
  ready(key: string): void {
    const entry = this.snapshot.entries.find((candidate) => candidate.key === key);
    if (entry) this.speaksReady.add(entry.app);
    this.signal(key, 'ready');
  }

  /** A new document in the frame at `key`: at its address again, or `at` another (a move in place left unanswered). */
  retry(key: string, at?: Pick<FrameEntry, 'src' | 'name' | 'sentSettings'>): void {
    const entry = this.snapshot.entries.find((candidate) => candidate.key === key);
    if (!entry) return;
    // A new attempt is a new element, the adopted one included, with a page yet to say hello.
    this.forgetHello(entry.id);
    this.patch(key, { attempt: entry.attempt + 1, status: 'loading', adopted: null, ...at });
    this.startTimer(key);
  }

  /** The frame whose window sent a message, if it is one of ours. */
  find = (source: MessageEventSource | null): KnownFrame | null => {
    if (!source) return null;
    for (const entry of this.snapshot.entries) {
      const element = this.elements.get(entry.key);
      if (element?.contentWindow === source) return this.known(entry.key);
    }
    return null;
  };

  /** The frame showing `key`, once its element has a window. */
  known(key: string): KnownFrame | null {
    const entry = this.snapshot.entries.find((candidate) => candidate.key === key);
    const window = this.elements.get(key)?.contentWindow;
    return entry && window ? { key, origin: entry.origin, window } : null;
  }

  /**
   * The person left (a shared device's End shift): every kept-alive frame is told (frame-client
   * onSessionEnd) and given up to `deadlineMs` to clear what it keeps of them; then every frame is
   * removed. Resolves once they are.
   */
  endSession(deadlineMs = SESSION_END_DEADLINE_MS): Promise<void> {
    const frames = this.snapshot.entries.map((entry) => this.known(entry.key)).filter((frame): frame is KnownFrame => frame !== null);
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), deadlineMs);
      const done = () => {
        clearTimeout(timer);
        this.ending = null;
        this.snapshot.entries.forEach((entry) => this.forget(entry));
        this.update({ entries: [], activeKey: null });
        resolve();
      };
      this.ending = { waiting: new Set(frames.map((frame) => frame.window)), done };
      frames.forEach(sendSessionEnd);
      if (frames.length === 0) done();
    });
  }

  /** A frame has cleared what it kept of the person who left. */
  sessionEnded(frame: KnownFrame): void {
    const ending = this.ending;
    if (!ending?.waiting.delete(frame.window)) return;
    if (ending.waiting.size === 0) ending.done();
  }

  /** Timers follow the entry's id, so a re-keyed frame keeps its deadlines. */
  private signal(key: string, signal: FrameSignal): void {
    const entry = this.snapshot.entries.find((candidate) => candidate.key === key);
    if (entry) this.signalEntry(entry.id, signal);
  }

  private signalEntry(id: number, signal: FrameSignal): void {
    const entry = this.snapshot.entries.find((candidate) => candidate.id === id);
    if (!entry) return;
    const status = nextFrameStatus(entry.status, signal, { offline: this.offline, speaksReady: this.speaksReady.has(entry.app) });
    if (status === entry.status) return;
    if (status !== 'loading') this.clearTimers(id);
    this.patch(entry.key, { status });
  }

  private later(id: number, signal: FrameSignal, delay: number): void {
    const timer = setTimeout(() => this.signalEntry(id, signal), delay);
    this.timers.set(id, [...(this.timers.get(id) ?? []), timer]);
  }

  /** A new attempt: both deadlines start again (readiness.ts decides which one applies when it passes). */
  private startTimer(key: string): void {
    const entry = this.snapshot.entries.find((candidate) => candidate.key === key);
    if (!entry) return;
    this.clearTimers(entry.id);
    this.later(entry.id, 'offline-deadline', OFFLINE_READY_TIMEOUT_MS);
    this.later(entry.id, 'load-deadline', FRAME_LOAD_TIMEOUT_MS);
  }

  private clearTimers(id: number): void {
    this.timers.get(id)?.forEach((timer) => clearTimeout(timer));
    this.timers.delete(id);
  }

  /** A frame left the pool: its deadlines, element and editing state go with it. */
  private forgetHello(id: number): void {
    this.capabilities.delete(id);
    this.helloSinceLoad.delete(id);
  }

  private forget(entry: FrameEntry): void {
    this.clearTimers(entry.id);
    this.forgetHello(entry.id);
    this.elements.delete(entry.key);
    editing.set(entry.key, false);
  }
}
