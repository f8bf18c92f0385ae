/// <reference lib="WebWorker" />
import { attemptWrite } from '../src/api/write.ts';
import { openOutboxChannel } from '../src/outbox/channel.ts';
import { isWaiting, Outbox } from '../src/outbox/outbox.ts';
import { WORKER_EVENT_BUDGET_MS, workerNext } from '../src/outbox/rules.ts';
import { OutboxStore } from '../src/outbox/store.ts';
import { isOutboxSyncTag } from '../src/sw-client/background-sync.ts';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's worker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The outbox's delivery while no page may be open (Background Sync, Chromium): the same queue and
 * rules as a page, with the access token the last page left for the worker (never a refresh token;
 * logout removes it, and so does the API refusing it). It cannot renew a session: an entry refused with
 * 401 is left to the next page, which renews. The event lasts while something it can send waits, up to
 * `deadline`: a connection that drops and returns meanwhile is met within seconds, a server's back-off is
 * waited out. Resolves 'waiting' when entries are still to be sent by then.
 */
async function deliverUntil(deadline: number): Promise<'done' | 'waiting'> {
  const store = new OutboxStore({ onProblem: (problem) => console.warn('[outbox worker]', problem.kind) });
  const channel = openOutboxChannel(() => undefined);
  const outboxOf = (owner: string) =>
    new Outbox({
      store,
      writer: () => ({ sub: owner, sellerId: null }),
      // The worker stores nothing new: no app writes through it.
      apiBases: () => [],
      async attempt(request) {
        const outcome = await attemptWrite(request);
        if (outcome.kind === 'answer' && outcome.status === 401) await store.forgetRefused(request.accessToken);
        return outcome;
      },
      accessTokenFor: async (sub) => {
        const current = await store.credential();
        return current?.owner === sub && current.expiresAt > Date.now() ? current.accessToken : null;
      },
      locks: navigator.locks,
      online: () => navigator.onLine,
      announce: channel?.announce,
      // The event's own rounds are the worker's only wake-ups (workerNext).
      schedule: () => () => undefined,
    });
  const outboxes = new Map<string, Outbox>();
  try {
    for (;;) {
      const credential = await store.credential();
      if (!credential) return 'done'; // nobody signed in, or their token was refused: nothing is this worker's to send
      const outbox = outboxes.get(credential.owner) ?? outboxOf(credential.owner);
      outboxes.set(credential.owner, outbox);
      await outbox.deliver('online');
      const { entries } = await store.entriesOf(credential.owner);
      const next = workerNext(entries.filter(isWaiting), { now: Date.now(), deadline });
      if (next.kind !== 'again') return next.kind === 'done' ? 'done' : 'waiting';
      await pause(next.inMs);
    }
  } finally {
    outboxes.forEach((outbox) => outbox.stop());
    channel?.close();
    store.close();
  }
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (!isOutboxSyncTag(sync.tag)) return;
  sync.waitUntil(
    deliverUntil(Date.now() + WORKER_EVENT_BUDGET_MS).then(async (result) => {
      if (result === 'done' || sync.lastChance) return;
      // Still waiting after all the event may last. An open page delivers them itself (and asks for a
      // sync when it loses the connection); with none, the browser's retry of this event, minutes
      // later, is all there is: a worker may not ask for a sync without a page.
      if ((await self.clients.matchAll({ type: 'window' })).length > 0) return;
      throw new Error('writes still waiting: the browser tries this sync again later');
    }),
  );
});
