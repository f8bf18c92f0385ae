import i18next from 'i18next';
import { z } from 'zod/mini';
import type { Runtime } from '../config/runtime.ts';
import { storedPlatform, storedSellerId, storedSiteId } from '../context/choices.ts';
import { portalUserFrom, type PortalUser } from '../context/user.ts';
import type { CachedFlags } from '../flags/flagr.ts';
import { loadFlagsWithin, preloadFlagModules } from '../flags/load.ts';
import { installLeaveGuards } from '../frames/editing.ts';
import { createCache, type OfflineCache } from '../offline/cache.ts';
import { isBrowserOnline, readStoredMode, shellMode, subscribeConnectivity, type OnlineMode } from '../offline/mode.ts';
import { onLogout, Session } from '../session/session.ts';
import { createUserManager } from '../session/user-manager.ts';
import { registerServiceWorker, type ServiceWorkerUpdates } from '../sw-client/register.ts';
import { setupIonic } from '../ui/ionic-app.tsx';
import { createServices, type Services } from './services.ts';
import type * as SignedInModule from './SignedInApp.tsx';
import { readSnapshot, readStoredSnapshot, saveSnapshot, type SnapshotRead, type StoredSnapshot } from './snapshot.ts';
import { StartFlow } from './start-flow.ts';
import { runStartup } from './startup.ts';

/**
 * The composition root: the only place that builds the page's long-lived parts, in this order —
 * the page (Ionic, leave guards, online/offline mode, the IndexedDB cache and its logout hook, the
 * early snapshot read, the service worker, the signed-in chunk) → the runtime config (boot.tsx) →
 * the session → for the signed-in user, the API services and the start flow. Importing any module
 * builds nothing; boot() calls these in order.
 */

/** What the page is made of before its runtime config is known. */
export interface PageParts {
  /** Online or the reduced offline shell, fixed for the page's life (a switch stores the mode and restarts). */
  mode: OnlineMode;
  /** The IndexedDB cache of this page; logout clears it. */
  cache: OfflineCache;
  /** The last start's snapshot as read while the config loads; handed out once (a retry reads anew). */
  takeEarlySnapshot(): StoredSnapshot | null;
  serviceWorker: ServiceWorkerUpdates | null;
  /** The signed-in shell's chunk, requested at once and awaited by boot with the config. */
  signedIn: Promise<typeof SignedInModule>;
}

export function composePage(): PageParts {
  setupIonic({ mode: 'md' });
  // Before the router listens to popstate: the back-button guard must see it first.
  installLeaveGuards();
  const mode = shellMode(readStoredMode(), isBrowserOnline());
  const cache = createCache();
  onLogout(() => cache.clear());
  // Started while the config and translations load: online, the flags' modules (the first start-up
  // step); in either mode, the read of the last start's snapshot (IndexedDB, no network).
  if (mode === 'online') preloadFlagModules();
  let earlySnapshot: StoredSnapshot | null = readStoredSnapshot(cache);
  return {
    mode,
    cache,
    takeEarlySnapshot() {
      const taken = earlySnapshot;
      earlySnapshot = null;
      return taken;
    },
    serviceWorker: registerServiceWorker(),
    // Not React.lazy: a Suspense fallback is held on screen for at least 300 ms.
    signedIn: import('./SignedInApp.tsx'),
  };
}

/** Once the runtime config is known: the sign-in session, in the portal's language. */
export function composeSession(runtime: Runtime): Session {
  return new Session(createUserManager(runtime.config.oidc), () => i18next.language);
}

const cachedFlagsSchema = z.object({
  entity: z.object({
    entityID: z.string(),
    entityType: z.literal('user'),
    entityContext: z.object({ seller_id: z.nullable(z.number()), platformId: z.nullable(z.number()) }),
  }),
  values: z.record(z.string(), z.boolean()),
  fetchedAt: z.number(),
});

export interface StartInput {
  /** The signed-in user (online) or none (offline, no session to check). */
  user: PortalUser | null;
  /** Where the user was going: a sign-in redirect comes back there. */
  returnTo: string;
  /** Calls made together may all answer 403: the first names the page tried. */
  goToForbidden(): void;
  /** The user's one claimed seller: calls carry it from the first one on. */
  claimedSeller: number | null;
}

/** For the signed-in user (or none offline): the API services and the start flow over them. */
export function composeStart(page: PageParts, runtime: Runtime, session: Session, input: StartInput): { services: Services; flow: StartFlow } {
  const services = createServices(runtime, session, input.goToForbidden, input.claimedSeller);
  const { mode, cache } = page;
  const deadlineMs = runtime.config.startup.deadlineSeconds * 1000;
  const lastSnapshot = (): Promise<SnapshotRead> =>
    readSnapshot(cache, {
      sub: input.user?.sub ?? null,
      version: runtime.version,
      maxAgeMs: mode === 'online' ? runtime.config.startup.snapshotMaxAgeHours * 3_600_000 : null,
      // Offline there are no switches: the last snapshot is what there is.
      choices: mode === 'online' ? { platformId: storedPlatform()?.id, sellerId: storedSellerId(), siteId: storedSiteId() } : {},
      stored: page.takeEarlySnapshot() ?? readStoredSnapshot(cache),
    });
  const flow = new StartFlow({
    mode,
    user: input.user,
    deadlineMs,
    readSnapshot: lastSnapshot,
    async refreshUser() {
      const refreshed = await session.refreshUser(input.returnTo);
      return refreshed ? portalUserFrom(refreshed.profile as Record<string, unknown>) : null;
    },
    runStartup: (current, onStep) =>
      runStartup(current, {
        api: services.api,
        stored: { platform: storedPlatform, sellerId: storedSellerId, siteId: storedSiteId },
        deadlineMs,
        onStep,
        loadFlags: (context, budgetMs) =>
          loadFlagsWithin(budgetMs, context, {
            evaluate: (request) => services.api.evaluateFlags(request),
            readCache: async () => (await cache.read('flags', cachedFlagsSchema))?.value as CachedFlags | undefined,
            writeCache: (flags) => cache.write('flags', flags),
            onFailure: (error) => services.tracker.event('custom', 'flags_failed', { message: String(error) }),
          }),
      }),
    saveSnapshot: (context) => saveSnapshot(cache, context, runtime.version),
    onContext: (context) => services.setCurrentSeller(context.seller.id),
    onConnectionReturn: (listener) => subscribeConnectivity((online) => online && listener()),
  });
  return { services, flow };
}
