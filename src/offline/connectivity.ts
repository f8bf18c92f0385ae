/**
 * The browser's connectivity, apart from the mode (mode.ts): what the pages that only watch the
 * connection need, without the mode's storage and reload.
 */
export function isBrowserOnline(): boolean {
  return navigator.onLine;
}

/** Calls `listener` with the new connectivity on every online / offline event. */
export function subscribeConnectivity(listener: (online: boolean) => void): () => void {
  const onOnline = () => listener(true);
  const onOffline = () => listener(false);
  addEventListener('online', onOnline);
  addEventListener('offline', onOffline);
  return () => {
    removeEventListener('online', onOnline);
    removeEventListener('offline', onOffline);
  };
}
