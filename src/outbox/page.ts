import type { HandedKey } from '../api/types.ts';
import { attemptWrite } from '../api/write.ts';
import { requestBackgroundSync } from '../sw-client/background-sync.ts';
import { openOutboxChannel } from './channel.ts';
import { setOutboxCount } from './count.ts';
import { openForOwner, sealOthers } from './device.ts';
import { OutboxFrames } from './frames.ts';
import { outboxLogoutHook, outboxLogoutStep, type LogoutAsker } from './logout.ts';
import { Outbox, type Writer } from './outbox.ts';
import { countsForOfflineNotice } from './rules.ts';
import { OutboxStore, type StoreProblem } from './store.ts';

/**
 * The outbox of one signed-in page (its own chunk, loaded behind the drawn shell or at a frame's first
 * request): the queue over the device's database, its channel to the other tabs and the worker, the
 * frames' side of the protocol, the badge's count, delivery at start, on every `online` event and
 * when the session's token changes, and its part in logout.
 */
export interface PageOutboxDeps {
  /** The shell's user and the seller it works under now. */
  writer(): Writer | null;
  apiBases(app: string): readonly string[];
  /** The session's access token when `sub` is who is signed in (a renewal under way awaited), else null. */
  sessionToken(sub: string): Promise<string | null>;
  /** After a 401: renews the session of `sub` once; true when a new token came. */
  renewFor(sub: string): Promise<boolean>;
  /** What the worker may use while no page is open: the signed-in user's access token (never the refresh token). */
  sessionCredential(): { owner: string; accessToken: string; expiresAt: number } | null;
  /** The signed-in user's sealing key from the API; rejects offline or when the API refuses. */
  fetchKey(): Promise<HandedKey>;
  /** The shell runs in offline mode (no session: a page only delivers with the token the worker keeps). */
  offlineMode: boolean;
  /** The browser's connectivity, and its return. */
  online(): boolean;
  onConnectionReturn(listener: () => void): () => void;
  /** Writes made offline were delivered (a notice). */
  onDeliveredMadeOffline(count: number): void;
  onProblem(problem: StoreProblem | { kind: 'unsealed'; owners: number }): void;
}

export interface PageOutbox {
  outbox: Outbox;
  frames: OutboxFrames;
  /** Behind the drawn shell: the device's entries sorted out for this user, then delivery. */
  start(): Promise<void>;
  /** The session's token changed (sign-in, renewal): the worker's copy follows, waiting entries go. */
  sessionChanged(): void;
  logoutStep(ask: LogoutAsker): Promise<'continue' | 'stay'>;
  logoutHook(): Promise<void>;
  stop(): void;
}

/** Deliveries of writes made offline are told together once they have come in. */
const NOTICE_GATHER_MS = 1500;

export function createPageOutbox(deps: PageOutboxDeps): PageOutbox {
  const store = new OutboxStore({ onProblem: deps.onProblem });
  const channel = openOutboxChannel((change) => outbox.receive(change));
  const workerToken = async (sub: string) => {
    const credential = await store.credential().catch(() => null);
    return credential?.owner === sub && credential.expiresAt > Date.now() ? credential.accessToken : null;
  };
  const outbox: Outbox = new Outbox({
    store,
    writer: deps.writer,
    apiBases: deps.apiBases,
    attempt: (request) => attemptWrite(request),
    // An offline-mode page has no session: it delivers with the token the worker keeps, while it lasts.
    accessTokenFor: async (sub) => (await deps.sessionToken(sub)) ?? (await workerToken(sub)),
    renewFor: deps.renewFor,
    locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
    online: deps.online,
    announce: channel?.announce,
    whenBackOnline: requestBackgroundSync,
    onCount: setOutboxCount,
  });
  const frames = new OutboxFrames({ outbox, owner: () => deps.writer()?.sub ?? null, offline: () => deps.offlineMode || !deps.online() });

  let madeOffline = 0;
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  const offNotice = outbox.subscribe((change, local) => {
    const page = { local, person: deps.writer()?.sub ?? null, visible: typeof document === 'undefined' || document.visibilityState === 'visible' };
    if (!countsForOfflineNotice(change, page)) return;
    madeOffline += 1;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => {
      deps.onDeliveredMadeOffline(madeOffline);
      madeOffline = 0;
    }, NOTICE_GATHER_MS);
  });
  let offConnectivity: (() => void) | null = null;

  const leaveCredential = async () => {
    const credential = deps.sessionCredential();
    if (credential && credential.owner === deps.writer()?.sub) await store.putCredential(credential);
  };

  return {
    outbox,
    frames,

    async start() {
      const writer = deps.writer();
      if (!writer) return;
      offConnectivity ??= deps.onConnectionReturn(() => void outbox.deliver('online'));
      try {
        // Another person's entries left in the clear (their session ended without a logout) are sealed first.
        const unsealed = await sealOthers(store, writer.sub);
        if (unsealed.length > 0) deps.onProblem({ kind: 'unsealed', owners: unsealed.length });
        if (!deps.offlineMode) {
          const handed = await deps.fetchKey().catch((error: unknown) => {
            console.warn('[outbox] no sealing key: this user’s writes cannot be kept at an offline logout', error);
            return null;
          });
          // What this user kept at a logout comes back, in order, before anything is sent.
          if (handed) await openForOwner(store, writer.sub, handed);
        }
        await leaveCredential();
      } catch (error) {
        console.warn('[outbox] the device’s entries could not be sorted out', error);
      }
      outbox.recount();
      await outbox.deliver('start');
    },

    sessionChanged() {
      void leaveCredential()
        .catch((error: unknown) => console.warn('[outbox] the worker’s token could not be left', error))
        .then(() => outbox.deliver('session'));
    },

    logoutStep: (ask) => outboxLogoutStep({ outbox, store, sub: () => deps.writer()?.sub ?? null, online: deps.online, ask }),

    async logoutHook() {
      const owner = deps.writer()?.sub ?? null;
      await outbox.settle();
      await outboxLogoutHook(store, owner);
      setOutboxCount(null);
    },

    stop() {
      outbox.stop();
      offNotice();
      clearTimeout(noticeTimer);
      offConnectivity?.();
      channel?.close();
      store.close();
    },
  };
}
