/// <reference lib="WebWorker" />
import { attemptWrite } from '../src/api/write.ts';
import { openOutboxChannel } from '../src/outbox/channel.ts';
import { Outbox } from '../src/outbox/outbox.ts';
import { OutboxStore } from '../src/outbox/store.ts';
import { OUTBOX_SYNC_TAG } from '../src/sw-client/background-sync.ts';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's worker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/**
 * The outbox's delivery while no page may be open (Background Sync, Chromium): the same queue and
 * rules as a page, with the access token the last page left for the worker (never a refresh token;
 * logout removes it). It cannot renew a session: an entry refused with 401 waits for a page.
 */
async function deliverWaiting(): Promise<'done' | 'waiting'> {
  const store = new OutboxStore({ onProblem: (problem) => console.warn('[outbox worker]', problem.kind) });
  const channel = openOutboxChannel(() => undefined);
  try {
    const credential = await store.credential();
    if (!credential) return 'done'; // nobody signed in: nothing is this worker's to send
    const outbox = new Outbox({
      store,
      writer: () => ({ sub: credential.owner, sellerId: null }),
      // The worker stores nothing new: no app writes through it.
      apiBases: () => [],
      attempt: (request) => attemptWrite(request),
      accessTokenFor: async (sub) => (sub === credential.owner && credential.expiresAt > Date.now() ? credential.accessToken : null),
      renewFor: async () => false,
      locks: navigator.locks,
      online: () => navigator.onLine,
      announce: channel?.announce,
    });
    await outbox.deliver('online');
    const { waiting } = await outbox.count();
    outbox.stop();
    return waiting > 0 ? 'waiting' : 'done';
  } finally {
    channel?.close();
    store.close();
  }
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  // Still waiting (the connection went again, a server asked for time): the browser tries again later.
  sync.waitUntil(
    deliverWaiting().then((result) => {
      if (result === 'waiting' && !sync.lastChance) throw new Error('writes still waiting');
    }),
  );
});
