import type { Workbox } from 'workbox-window';
import { restart } from '../effects/restart.ts';
import { CURRENT_PERSON_MESSAGE, type CurrentPersonMessage, type PersonDigest } from './current-person.ts';

/**
 * Registers /sw.js (once the shell has drawn, so it never competes with start-up) and reports when
 * a new version waits. The page never reloads by itself: users may have unsaved edits in frames,
 * so the update prompt asks first.
 */
export interface ServiceWorkerUpdates {
  onUpdateWaiting(listener: () => void): () => void;
  /** Activates the waiting version; the page reloads once it controls the page. */
  applyUpdate(): void;
}

/** When no shell draws (sign-in, a blocking page), the worker still registers after this long. */
export const REGISTER_FALLBACK_MS = 5000;
let markShellDrawn: () => void = () => undefined;
const shellDrawn = new Promise<void>((resolve) => (markShellDrawn = resolve));

/** The shell has drawn and created its start frame: the worker may register now. */
export function serviceWorkerMayRegister(): void {
  markShellDrawn();
}

/** How long Reload waits for the new version to take control before it reloads the page anyway. */
export const RELOAD_FALLBACK_MS = 4000;

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
    // Not before the shell has drawn and created its start frame (workbox-window is not worth a
    // byte of the start's critical path); pages that never draw the shell register a little later.
    let started = false;
    const startOnce = () => {
      if (started) return;
      started = true;
      start();
    };
    shellDrawn.then(startOnce);
    const fallback = () => setTimeout(startOnce, REGISTER_FALLBACK_MS);
    if (document.readyState === 'complete') fallback();
    else addEventListener('load', fallback, { once: true });
  });
  return {
    onUpdateWaiting(listener) {
      listeners.add(listener);
      if (waiting) listener();
      return () => listeners.delete(listener);
    },
    applyUpdate() {
      void workbox.then((wb) => takeOverAndReload(navigator.serviceWorker, () => wb.messageSkipWaiting(), () => restart('release')));
    },
  };
}

/**
 * Asks the waiting version to take over and reloads once it controls the page. Its activation can
 * wait on the old version's requests still under way; the user asked to reload, so past `fallbackMs`
 * the page reloads all the same (served by the new version, or by the old one with the prompt back).
 */
export function takeOverAndReload(container: Pick<EventTarget, 'addEventListener'>, skipWaiting: () => void, reload: () => void, fallbackMs = RELOAD_FALLBACK_MS): void {
  let done = false;
  const reloadOnce = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    reload();
  };
  const fallback = setTimeout(reloadOnce, fallbackMs);
  container.addEventListener('controllerchange', reloadOnce, { once: true });
  skipWaiting();
}

/** Calls `listener` when the service worker has stored a changed /config.json (sw/sw.ts). */
export function onConfigUpdated(listener: () => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'CONFIG_UPDATED') listener();
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}

/**
 * Tells the service worker who is signed in, for the push messages it may show (current-person.ts).
 * Resolves once the worker has kept it, or after `waitMs` (the message still goes once a worker is active).
 */
export function tellWorkerCurrentPerson(person: PersonDigest | null, waitMs = 1000): Promise<void> {
  if (!('serviceWorker' in navigator)) return Promise.resolve();
  const kept = navigator.serviceWorker.ready.then(
    (registration) =>
      new Promise<void>((resolve) => {
        if (!registration.active) return resolve();
        const answer = new MessageChannel();
        answer.port1.onmessage = () => resolve();
        registration.active.postMessage({ type: CURRENT_PERSON_MESSAGE, person } satisfies CurrentPersonMessage, [answer.port2]);
      }),
  );
  return Promise.race([kept, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}
