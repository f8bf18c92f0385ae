import i18next from 'i18next';
import type { Runtime } from '../config/runtime.ts';
import { installLeaveGuards } from '../frames/editing.ts';
import { createCache, type OfflineCache } from '../offline/cache.ts';
import { takeEarlyRead } from '../offline/early-read.ts';
import { isBrowserOnline, readStoredMode, shellMode, storeMode, type OnlineMode } from '../offline/mode.ts';
import { onLogout, Session, sessionUserOf } from '../session/session.ts';
import { CALLBACK_PATH } from '../session/sign-in-settings.ts';
import { forgetStoredUser, readStoredUser } from '../session/stored-entries.ts';
import { registerServiceWorker, type ServiceWorkerUpdates } from '../sw-client/register.ts';
import type { ChunkRecovery } from '../ui/chunk-recovery.ts';
import { markIonicPage } from '../ui/ionic-app.tsx';
import { pageReleaseRecovery, readStoredSnapshot, type StoredSnapshotRecord } from '../start/index.ts';

/**
 * The composition root: the only place that builds the page's long-lived parts, in this order —
 * the page (Ionic, leave guards, online/offline mode, the IndexedDB cache and its logout hook, the
 * early snapshot read, the service worker) and the signed-in chunk → the runtime config (boot.tsx) →
 * the session → for the signed-in user, the API services and the start flow (start-composition.ts,
 * in the signed-in chunk). Importing any module builds nothing; boot() and SignedInApp call these in order.
 */

/** What the page is made of before its runtime config is known. */
export interface PageParts {
  /** Online or the reduced offline shell, fixed for the page's life (a switch stores the mode and restarts). */
  mode: OnlineMode;
  /** The IndexedDB cache of this page; logout clears it. */
  cache: OfflineCache;
  /**
   * The last start's snapshot as read while the config loads (the boot step began the read), once that
   * read has settled; handed out once (null: read it anew).
   */
  takeEarlySnapshot(): { record: StoredSnapshotRecord } | null;
  /** Settles with that read (never rejects): boot awaits it with the config, so a start drawn from the snapshot draws the shell in the page's first render. */
  snapshotRead: Promise<void>;
  serviceWorker: ServiceWorkerUpdates | null;
  /** What a chunk that failed to load leads to: the new release, or Retry where it failed. */
  recovery: ChunkRecovery;
}

/** The sign-in library's chunk (oidc-client-ts), loaded once whoever asks first. */
const importSignInLibrary = () => import('../session/user-manager.ts');

export function composePage(): PageParts {
  markIonicPage();
  // Back from the provider, the sign-in library and the callback's page are needed first: their chunks load beside the config.
  if (location.pathname === CALLBACK_PATH) {
    void importSignInLibrary().catch(() => undefined);
    void import('../session/SignInCallbackPage.tsx').catch(() => undefined);
  }
  // Before the router listens to popstate: the back-button guard must see it first.
  installLeaveGuards();
  const mode = shellMode(readStoredMode(), isBrowserOnline());
  const cache = createCache();
  onLogout(() => cache.clear());
  // The read of the last start's snapshot (IndexedDB, no network) that the boot step began, taken up
  // while the config and translations load.
  let earlySnapshot: { record: StoredSnapshotRecord } | null = null;
  const snapshotRead = readStoredSnapshot(cache, takeEarlyRead('snapshot')).then(
    (record) => void (earlySnapshot = { record }),
    () => undefined,
  );
  const recovery = pageReleaseRecovery();
  // Vite reports a chunk whose preload failed before the import rejects: check the release at once.
  addEventListener('vite:preloadError', () => void recovery.afterChunkFailure());
  return {
    mode,
    cache,
    takeEarlySnapshot() {
      const taken = earlySnapshot;
      earlySnapshot = null;
      return taken;
    },
    snapshotRead,
    serviceWorker: registerServiceWorker(),
    recovery,
  };
}

/**
 * Once the runtime config is known: the sign-in session, in the portal's language. The sign-in
 * library (oidc-client-ts) is its own chunk: a start with a valid stored token reads the user without
 * it, and it loads behind the first screen or when sign-in, renewal or userinfo need it.
 */
export function composeSession(runtime: Runtime, mode: OnlineMode): Session {
  const { oidc } = runtime.config;
  const session = new Session({
    loadLibrary: () => importSignInLibrary().then((module) => module.createSignInLibrary(oidc)),
    storedUser: () => {
      const stored = readStoredUser(oidc.authority, oidc.clientId);
      return stored && sessionUserOf(stored);
    },
    forgetUser: () => forgetStoredUser(oidc.authority, oidc.clientId),
    language: () => i18next.language,
    sharedDevice: runtime.sharedDevice !== null,
  });
  // Back from the provider: the code is exchanged for tokens at once, while the page draws; the
  // callback's page takes up the same exchange and shows its failure. A sign-in is made online: a device
  // left in offline mode starts online after it (an offline start would have no snapshot of it).
  if (location.pathname === CALLBACK_PATH) {
    void session.completeLogin().then(
      (returnTo) => returnTo && readStoredMode() === 'offline' && storeMode('online'),
      () => undefined,
    );
  }
  // Anywhere else online, the stored session decides at once (no network): the first render draws the
  // signed-in page (or the next person's, or the way to sign-in) rather than a spinner that the
  // session gate's effect replaces a render, a paint and a task later. (Offline no session is asked
  // while someone is signed in: the shell draws from the snapshot; nobody is, the signed-out page.)
  else if (mode === 'online' || !session.hasStoredUser()) void session.start(location.pathname + location.search + location.hash);
  return session;
}
