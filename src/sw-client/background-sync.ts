/**
 * Background Sync (Chromium, the handhelds' browser): the browser wakes the service worker with this
 * tag once the connection is back, even with no portal page open, and the worker delivers the
 * outbox's waiting writes. Elsewhere nothing happens here: every start and every `online` event
 * deliver too.
 */
export const OUTBOX_SYNC_TAG = 'staff-portal-outbox';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks for a sync when the connection is (back); quietly nothing without a worker or Background Sync. */
export function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch((error: unknown) => console.warn('[sw] background sync could not be requested', error));
}
