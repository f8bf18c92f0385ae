import { OUTBOX_LIMITS, type OutboxEntry, type OutboxRefusal, type OutboxWrite } from '../../packages/frame-client/outbox.ts';
import type { WriteOutcome, WriteRequest } from '../api/write.ts';
import type { OutboxCount } from './count.ts';
import { refusalFor } from './policy.ts';
import { decide, endsWithConnection, endsWithSession } from './rules.ts';
import { entryView, isReadable, type StoredEntry, type UnreadableEntry } from './schema.ts';
import { OutboxDatabaseBlocked, OutboxStorageFull, type EntryPatch, type OutboxStore } from './store.ts';

/**
 * The outbox: one durable queue of writes for every embedded app, framework-free and the same in a
 * page and in the service worker (their dependencies differ). An entry is stored before the app is
 * answered, is bound to the user and seller it was made under, and is delivered in order per app,
 * one try at a time across every tab and the worker (a Web Lock per app), with the same
 * Idempotency-Key on every try, by the retry rules of rules.ts.
 */

/**
 * Why delivery is asked for now. `online` and `start`: the connection came back (or may have, since
 * this page last looked), so entries that lost it go at once and their back-off starts again; `logout`: the user is leaving, so every waiting entry gets one try now, back-off or not.
 */
export type Trigger = 'start' | 'online' | 'queued' | 'timer' | 'session' | 'remote' | 'user' | 'logout';

/** A change of the entries, told to this page's listeners and (through `announce`) to the other tabs and the worker. */
export type OutboxChange =
  | { kind: 'entry'; owner: string; app: string; entry: OutboxEntry; queuedOffline: boolean }
  | { kind: 'removed'; owner: string; app: string; id: string }
  /** Many entries changed at once (sealed, opened, discarded): read them again. */
  | { kind: 'reset' };

export interface Writer {
  sub: string;
  /** The seller the shell works under now: the entry's X-Seller-Id, whatever it is by the time it is sent. */
  sellerId: number | null;
}

export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface OutboxDeps {
  store: OutboxStore;
  /** Who makes writes here now; null while nobody is known. Only their entries are sent from here. */
  writer(): Writer | null;
  /** The API base addresses an app may write to (runtime config). */
  apiBases(app: string): readonly string[];
  /** One try of a write (api/write.ts). */
  attempt(request: WriteRequest): Promise<WriteOutcome>;
  /** The access token of `sub` when that is who is signed in here (a renewal under way awaited), else null. */
  accessTokenFor(sub: string): Promise<string | null>;
  /**
   * After a 401: renews the session of `sub` once; true when a new token came. Absent where no session
   * can be renewed (the service worker): a 401 then leaves the entry to the next page with a session, at once.
   */
  renewFor?(sub: string): Promise<boolean>;
  /** Web Locks (navigator.locks); null where there are none (then one tab's own order only). */
  locks: LockManagerLike | null;
  /** False when the browser knows it is offline: no try is made until the connection returns. */
  online(): boolean;
  /** Tells the other tabs and the worker (BroadcastChannel). */
  announce?(change: OutboxChange): void;
  /** A try failed for want of a connection: ask the browser to wake the worker when it returns (Background Sync). */
  whenBackOnline?(): void;
  /** The signed-in user's count changed (the header's badge). */
  onCount?(count: OutboxCount): void;
  now?(): number;
  random?(): number;
  newId?(): string;
  /** Runs `callback` after `ms`; returns a cancel (default setTimeout). */
  schedule?(callback: () => void, ms: number): () => void;
}

/** Delivered entries kept for their app to read back (`list()`): the last few, and not for long. */
export const DELIVERED_KEPT_PER_APP = 20;
export const DELIVERED_KEPT_MS = 24 * 60 * 60_000;
const LOCK_PREFIX = 'staff-portal-outbox:';

export type EnqueueResult = { ok: true; entry: OutboxEntry } | { ok: false; reason: OutboxRefusal };
type Sent = 'delivered' | 'failed' | 'gone' | 'wait';

export const isWaiting = (entry: StoredEntry): boolean => entry.state === 'queued' || entry.state === 'sending';

export class Outbox {
  private readonly listeners = new Set<(change: OutboxChange, local: boolean) => void>();
  /** Per app: this tab's delivery under way, and whether it must run once more (with the strongest trigger asked for). */
  private readonly draining = new Map<string, Promise<void>>();
  private readonly again = new Map<string, Trigger>();
  /** Without Web Locks: this tab's own chain per app. */
  private readonly chains = new Map<string, Promise<unknown>>();
  private wake: { at: number; cancel: () => void } | null = null;
  /** Per entry, this tab's tries since the connection last returned (the back-off's step; its stored `attempts` until then). */
  private readonly triesSinceReturn = new Map<string, number>();
  private counting: Promise<void> | null = null;
  private countAgain = false;
  private stopped = false;

  constructor(private readonly deps: OutboxDeps) {}

  private now = () => this.deps.now?.() ?? Date.now();
  private random = () => this.deps.random?.() ?? Math.random();
  private newId = () => this.deps.newId?.() ?? crypto.randomUUID();

  /** Every change of the entries, this tab's (`local`) and (through `receive`) the others'. */
  subscribe(listener: (change: OutboxChange, local: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: OutboxChange, local = true): void {
    this.listeners.forEach((listener) => listener(change, local));
    if (local) this.deps.announce?.(change);
    this.recount();
  }

  private changed(entry: StoredEntry): void {
    this.emit({ kind: 'entry', owner: entry.owner, app: entry.app, entry: entryView(entry), queuedOffline: entry.queuedOffline });
  }

  /** A change another tab or the worker announced: told to this page's listeners; new work may be ours to deliver. */
  receive(change: OutboxChange): void {
    this.emit(change, false);
    if (change.kind === 'entry' && change.entry.state === 'queued') void this.deliver('remote');
  }

  /**
   * Stores a write of `app` for the current writer; resolves once it is on disk (or with why it is
   * not). `requestId` is the frame's: the same send said again is stored once.
   */
  async enqueue(app: string, requestId: string, write: OutboxWrite, { offline }: { offline: boolean }): Promise<EnqueueResult> {
    const writer = this.deps.writer();
    if (!writer || this.stopped) return { ok: false, reason: 'signed-out' };
    try {
      const { entries } = await this.deps.store.entriesOf(writer.sub, app);
      const earlier = entries.find((entry) => entry.requestId === requestId);
      if (earlier) return { ok: true, entry: entryView(earlier) };
      const refusal = refusalFor(write.url, this.deps.apiBases(app), entries.filter((entry) => entry.state !== 'delivered').length);
      if (refusal) return { ok: false, reason: refusal };
      const now = this.now();
      const id = this.newId();
      const stored = await this.deps.store.add({
        ...write,
        id,
        idempotencyKey: this.newId(),
        app,
        requestId,
        owner: writer.sub,
        sellerId: writer.sellerId,
        state: 'queued',
        queuedAt: now,
        queuedOffline: offline,
        attempts: 0,
        nextAttemptAt: now,
        problem: null,
        answer: null,
        deliveredAt: null,
      });
      this.changed(stored);
      this.deps.whenBackOnline?.();
      void this.deliver('queued');
      return { ok: true, entry: entryView(stored) };
    } catch (error) {
      console.warn('[outbox] a write could not be stored', error);
      return { ok: false, reason: storageRefusal(error) };
    }
  }

  /** The current writer's entries of `app`, oldest first (what the app may read back). */
  async list(app: string): Promise<OutboxEntry[]> {
    const writer = this.deps.writer();
    if (!writer) return [];
    return (await this.deps.store.entriesOf(writer.sub, app)).entries.map(entryView);
  }

  /** Everything of the current writer's the user should see: entries and unreadable records (the sheet). */
  async mine(): Promise<{ entries: StoredEntry[]; unreadable: UnreadableEntry[] }> {
    const writer = this.deps.writer();
    if (!writer) return { entries: [], unreadable: [] };
    const [own, strays] = await Promise.all([this.deps.store.entriesOf(writer.sub), this.deps.store.strays()]);
    return { entries: own.entries, unreadable: [...own.unreadable, ...strays] };
  }

  /** The counts of the current writer's entries not delivered. */
  async count(): Promise<OutboxCount> {
    const { entries, unreadable } = await this.mine();
    return {
      waiting: entries.filter(isWaiting).length,
      failed: entries.filter((entry) => entry.state === 'failed').length + unreadable.length,
    };
  }

  /** Recounts for the badge, one count at a time (changes come in bursts). */
  recount(): void {
    if (!this.deps.onCount) return;
    if (this.counting) {
      this.countAgain = true;
      return;
    }
    this.counting = this.count()
      .then((count) => this.deps.onCount?.(count))
      .catch((error: unknown) => console.warn('[outbox] could not count the entries', error))
      .finally(() => {
        this.counting = null;
        if (this.countAgain) {
          this.countAgain = false;
          this.recount();
        }
      });
  }

  /**
   * Discards an entry of the current writer (of `app` when an app asks): waits for a try of that app
   * under way to end, so nothing is discarded while it is on the wire. An unreadable record goes by its
   * sequence number.
   */
  async discard(which: { id: string; app?: string } | { seq: number }): Promise<'discarded' | 'not-found'> {
    const writer = this.deps.writer();
    if (!writer) return 'not-found';
    if ('seq' in which) {
      const { unreadable } = await this.mine();
      if (!unreadable.some((record) => record.seq === which.seq)) return 'not-found';
      await this.deps.store.remove({ seq: which.seq });
      this.emit({ kind: 'reset' });
      return 'discarded';
    }
    const found = await this.deps.store.get(which.id);
    if (!found || !isReadable(found) || found.owner !== writer.sub || (which.app !== undefined && found.app !== which.app)) return 'not-found';
    return this.locked(found.app, async () => {
      await this.deps.store.remove({ id: found.id });
      this.emit({ kind: 'removed', owner: found.owner, app: found.app, id: found.id });
      return 'discarded' as const;
    });
  }

  /** The user's Retry: a failed entry is queued again (with its key), a waiting one is tried now, back-off or not. */
  async retry(id: string): Promise<void> {
    const writer = this.deps.writer();
    const found = await this.deps.store.get(id);
    if (!writer || !found || !isReadable(found) || found.owner !== writer.sub || found.state === 'delivered') return;
    await this.locked(found.app, async () => {
      const current = await this.deps.store.get(id);
      if (!current || !isReadable(current) || current.state === 'delivered') return;
      const next = await this.deps.store.update(id, { state: 'queued', nextAttemptAt: this.now(), ...(current.state === 'failed' ? { problem: null } : {}) });
      if (next) this.changed(next);
    });
    await this.deliver('user');
  }

  /** Delivers the current writer's waiting entries, each app's in order; resolves when this round is over. */
  async deliver(trigger: Trigger): Promise<void> {
    const writer = this.deps.writer();
    if (!writer || this.stopped) return;
    let apps: string[];
    try {
      apps = await this.deps.store.waitingApps(writer.sub);
    } catch (error) {
      console.warn('[outbox] the waiting entries could not be read', error);
      return;
    }
    await Promise.all(apps.map((app) => this.drain(writer.sub, app, trigger)));
  }

  private drain(sub: string, app: string, trigger: Trigger): Promise<void> {
    const running = this.draining.get(app);
    if (running) {
      if (this.again.get(app) !== 'online') this.again.set(app, trigger);
      return running;
    }
    const run = this.locked(app, () => this.drainLocked(sub, app, trigger))
      .catch((error: unknown) => console.warn('[outbox] delivery stopped', error))
      .finally(() => {
        this.draining.delete(app);
        const next = this.again.get(app);
        this.again.delete(app);
        if (next) void this.deliver(next);
      });
    this.draining.set(app, run);
    return run;
  }

  /** Runs `work` holding the app's lock: one try at a time for that app, across tabs and the worker. */
  private locked<T>(app: string, work: () => Promise<T>): Promise<T> {
    const name = LOCK_PREFIX + app;
    if (this.deps.locks) return this.deps.locks.request(name, work);
    const chained = (this.chains.get(name) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.chains.set(name, chained);
    return chained;
  }

  /**
   * The app's queue, read once under the lock (nothing else sends it meanwhile: every try, Retry and
   * Discard takes the lock; a new entry asks for another round) and read again only when this
   * reading is done. Delivered entries beyond what the app may read back go once, at the end.
   */
  private async drainLocked(sub: string, app: string, trigger: Trigger): Promise<void> {
    let delivered = false;
    try {
      let queue: StoredEntry[] = [];
      for (;;) {
        if (this.stopped || this.deps.writer()?.sub !== sub || !this.deps.online()) return;
        if (queue.length === 0) queue = await this.deps.store.waiting(sub, app);
        const head = queue[0];
        if (!head) return;
        const connectionBack = (trigger === 'online' || trigger === 'start') && endsWithConnection(head.problem?.reason);
        // The connection is back: a back-off that grew while it was gone starts again from the first step.
        if (connectionBack) this.triesSinceReturn.set(head.id, 0);
        // A page that starts, or whose session was renewed, holds a token the one refused may not be.
        const sessionBack = (trigger === 'start' || trigger === 'session') && endsWithSession(head.problem?.reason);
        if (!(head.nextAttemptAt <= this.now() || trigger === 'logout' || connectionBack || sessionBack)) return this.wakeAt(head.nextAttemptAt);
        // Left as 'sending' by a tab that died mid-try: tried again with the same key (the server answers once).
        const sent = await this.send(head, false);
        if (sent === 'wait') return;
        if (sent === 'delivered') delivered = true;
        queue.shift();
      }
    } finally {
      if (delivered) await this.prune(sub, app);
    }
  }

  private async patch(entry: StoredEntry, patch: EntryPatch): Promise<StoredEntry | null> {
    const next = await this.deps.store.update(entry.id, patch);
    if (next) this.changed(next);
    return next;
  }

  private async send(entry: StoredEntry, renewed: boolean): Promise<Sent> {
    const token = await this.deps.accessTokenFor(entry.owner);
    if (!token) {
      const retryAt = this.now() + 30_000;
      await this.patch(entry, { state: 'queued', problem: { reason: 'signed-out', status: null, retryAt }, nextAttemptAt: retryAt });
      this.wakeAt(retryAt);
      return 'wait';
    }
    const attempts = entry.attempts + 1;
    const sending = await this.patch(entry, { state: 'sending', attempts });
    if (!sending) {
      this.triesSinceReturn.delete(entry.id);
      return 'gone';
    }
    const tries = (this.triesSinceReturn.get(entry.id) ?? entry.attempts) + 1;
    this.triesSinceReturn.set(entry.id, tries);
    const outcome = await this.deps.attempt({
      method: entry.method,
      url: entry.url,
      body: entry.body,
      contentType: entry.contentType,
      accessToken: token,
      sellerId: entry.sellerId,
      idempotencyKey: entry.idempotencyKey,
      answerBytes: OUTBOX_LIMITS.answerBytes,
    });
    const now = this.now();
    const decision = decide(outcome, { attempts: tries, renewed, now, random: this.random });
    if (decision.kind === 'delivered' || decision.kind === 'failed') this.triesSinceReturn.delete(entry.id);
    switch (decision.kind) {
      case 'delivered': {
        const answer = outcome.kind === 'answer' ? { status: outcome.status, body: outcome.body, truncated: outcome.truncated } : null;
        await this.patch(sending, { state: 'delivered', answer, problem: null, deliveredAt: now });
        return 'delivered';
      }
      case 'renew': {
        const { renewFor } = this.deps;
        if (!renewFor) {
          // Nothing here can renew (the worker): the entry is due for the next page with a session, which renews.
          await this.patch(sending, { state: 'queued', problem: { reason: 'signed-out', status: 401, retryAt: null }, nextAttemptAt: this.now() });
          return 'wait';
        }
        if (await renewFor(entry.owner)) return this.send(sending, true);
        return this.later(sending, { kind: 'retry', problem: 'signed-out', status: 401, delayMs: 30_000 });
      }
      case 'retry':
        if (decision.problem === 'network' || decision.problem === 'timeout') this.deps.whenBackOnline?.();
        return this.later(sending, decision);
      case 'failed':
        await this.patch(sending, { state: 'failed', problem: { reason: decision.problem, status: decision.status, retryAt: null } });
        return 'failed';
    }
  }

  private async later(entry: StoredEntry, decision: Extract<ReturnType<typeof decide>, { kind: 'retry' }>): Promise<'wait'> {
    const retryAt = this.now() + decision.delayMs;
    await this.patch(entry, { state: 'queued', problem: { reason: decision.problem, status: decision.status, retryAt }, nextAttemptAt: retryAt });
    this.wakeAt(retryAt);
    return 'wait';
  }

  /** One timer per tab, for the earliest entry waiting out its back-off. */
  private wakeAt(at: number): void {
    if (this.stopped || (this.wake && this.wake.at <= at)) return;
    this.wake?.cancel();
    const schedule = this.deps.schedule ?? ((callback: () => void, ms: number) => clearTimeout.bind(null, setTimeout(callback, ms)));
    const cancel = schedule(() => {
      this.wake = null;
      void this.deliver('timer');
    }, Math.max(0, at - this.now()));
    this.wake = { at, cancel };
  }

  /** Delivered entries beyond what the app may still read back. */
  private async prune(owner: string, app: string): Promise<void> {
    const { entries } = await this.deps.store.entriesOf(owner, app);
    const delivered = entries.filter((entry) => entry.state === 'delivered');
    const cutoff = this.now() - DELIVERED_KEPT_MS;
    const old = delivered.filter((entry, index) => index < delivered.length - DELIVERED_KEPT_PER_APP || (entry.deliveredAt ?? 0) < cutoff);
    for (const entry of old) await this.deps.store.remove({ id: entry.id });
  }

  /** Stops, and waits for this tab's tries on the wire to end (before the user's entries are sealed). */
  async settle(): Promise<void> {
    this.stop();
    await Promise.allSettled([...this.draining.values()]);
  }

  /** No more tries from this instance (logout, the page leaving); a try on the wire ends as it ends. */
  stop(): void {
    this.stopped = true;
    this.wake?.cancel();
    this.wake = null;
  }
}

/** The app's reason for a write the device could not store. */
export function storageRefusal(error: unknown): OutboxRefusal {
  if (error instanceof OutboxDatabaseBlocked) return 'storage-blocked';
  if (error instanceof OutboxStorageFull) return 'storage-full';
  return 'storage-unavailable';
}
