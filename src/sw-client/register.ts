import type { Workbox } from 'workbox-window';

/**
 * Registers /sw.js (after the page has loaded, so it never competes with start-up) and reports when
 * a new version waits. The page never reloads by itself: users may have unsaved edits in frames,
 * so the update prompt asks first.
 */
export interface ServiceWorkerUpdates {
  onUpdateWaiting(listener: () => void): () => void;
  /** Activates the waiting version; the page reloads once it controls the page. */
  applyUpdate(): void;
}

export function registerServiceWorker(): ServiceWorkerUpdates | null {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return null;
  const listeners = new Set<() => void>();
  let waiting = false;
  const workbox = new Promise<Workbox>((resolve) => {
    const start = () =>
      void import('workbox-window').then(({ Workbox }) => {
        const wb = new Workbox('/sw.js', { scope: '/' });
        wb.addEventListener('waiting', () => {
          waiting = true;
          listeners.forEach((listener) => listener());
        });
        wb.register().catch((error: unknown) => console.warn('[sw] registration failed', error));
        resolve(wb);
      });
    if (document.readyState === 'complete') start();
    else addEventListener('load', start, { once: true });
  });
  return {
    onUpdateWaiting(listener) {
      listeners.add(listener);
      if (waiting) listener();
      return () => listeners.delete(listener);
    },
    applyUpdate() {
      void workbox.then((wb) => {
        wb.addEventListener('controlling', () => location.reload());
        wb.messageSkipWaiting();
      });
    },
  };
}
