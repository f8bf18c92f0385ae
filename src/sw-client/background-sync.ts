/**
 * Background Sync (Chromium, the handhelds' browser): the browser wakes the service worker with one of
 * these tags once the connection is back, even with no portal page open, and the worker delivers the
 * outbox's waiting writes (sw/outbox.ts). Elsewhere nothing happens here: every start and every
 * `online` event deliver too.
 *
 * Two tags, because a registration the browser is retrying cannot be hurried: after a sync event that
 * failed, Chromium fires the same tag again only 5 minutes later (then 15), whatever the network does
 * meanwhile, and registering that tag again changes nothing. So a page asks for the first tag it does
 * not hold: a fresh registration fires at the next return of the connection.
 */
export const OUTBOX_SYNC_TAGS = ['staff-portal-outbox', 'staff-portal-outbox-again'] as const;

export const isOutboxSyncTag = (tag: string): boolean => (OUTBOX_SYNC_TAGS as readonly string[]).includes(tag);

interface SyncManager {
  register(tag: string): Promise<void>;
  getTags(): Promise<string[]>;
}

/** Asks for a sync when the connection is (back); quietly nothing without a worker or Background Sync. */
export function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then(async (registration) => {
      const sync = (registration as ServiceWorkerRegistration & { sync?: SyncManager }).sync;
      if (!sync) return;
      const held = await sync.getTags();
      // Both held: each fires at the next return, or at its retry if its last event failed.
      const tag = OUTBOX_SYNC_TAGS.find((candidate) => !held.includes(candidate));
      if (tag) await sync.register(tag);
    })
    .catch((error: unknown) => console.warn('[sw] background sync could not be requested', error));
}
