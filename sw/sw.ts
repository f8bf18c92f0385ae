/// <reference lib="WebWorker" />
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import './outbox.ts';
import './push.ts';
import './current-person.ts';
import { moduleScriptsWithoutCodeCache } from './module-scripts.ts';
import { CONFIG_CACHE, CONFIG_PATH } from './runtime-config.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell (HTML, JS, CSS, translations) is precached. API and identity-provider answers are not:
// they belong to other origins and are never listed here.
// `/` is a navigation like any other: start.html (below), not the precache's default index.html.
// Module scripts go out without the code cache Chromium would keep and never use (module-scripts.ts).
addPlugins([moduleScriptsWithoutCodeCache]);
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: 'start.html' });
cleanupOutdatedCaches();
// The first install controls the open page at once, so it works offline without a reload. Updates
// still wait for the user's consent (no skipWaiting here).
clientsClaim();

// In-app paths (/orders/seller, /403, /callback...) get the shell; files and the worker itself do not.
// start.html is index.html whose boot step writes the app's entry in after creating the start frame
// (frame first, scripts/vite-plugins.ts bootStepEntry): from here every start may be a repeat start.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/start.html'), {
    denylist: [/\/[^/?]+\.[^/?]+$/],
  }),
);

// The runtime config and the brand's manifest (answered per host: src/config/manifest.ts) change
// without a release. A start never waits for the config: the last copy answers at once and the
// network copy replaces it behind the start. When it changed, open pages are told (CONFIG_UPDATED):
// they reload at once where the brand or the identity provider changed, and otherwise use it from
// the next start. The manifest is fresh when online, the last copy when offline.
const HOST_FILES = [CONFIG_PATH, '/manifest.webmanifest'];
/** Where an identity provider serves its discovery document (the one cross-origin request this worker answers). */
const DISCOVERY_PATH = '/.well-known/openid-configuration';
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === CONFIG_PATH,
  new StaleWhileRevalidate({
    cacheName: CONFIG_CACHE,
    // Servers may answer `Vary: Origin` (vite's preview does); the page's preload and fetch and the
    // install step's copy must all find the one copy.
    matchOptions: { ignoreVary: true },
    plugins: [
      {
        async cacheDidUpdate({ oldResponse, newResponse }) {
          if (!oldResponse || (await oldResponse.text()) === (await newResponse.clone().text())) return;
          const pages = await self.clients.matchAll({ type: 'window' });
          for (const page of pages) page.postMessage({ type: 'CONFIG_UPDATED' });
        },
      },
    ],
  }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/manifest.webmanifest',
  new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: 4 }),
);
// The page fetched them before this worker controlled it: keep a copy from the start, so the very
// next start works offline. Each on its own: a host without a manifest still keeps its config.
self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(CONFIG_CACHE).then((cache) => Promise.all(HOST_FILES.map((path) => cache.add(path).catch(() => undefined)))),
      routeAroundTheWorker(event as InstallEventWithRoutes),
    ]),
  );
});

/** The static routing API (Chromium, the handhelds' browser): rules the browser follows without the worker. */
interface InstallEventWithRoutes extends ExtendableEvent {
  addRoutes?(rules: Array<{ condition: Record<string, unknown>; source: 'network' }>): Promise<void>;
}

/**
 * This worker answers its own origin's GET requests and the provider's discovery document, nothing
 * else: the API's calls, every write and the provider's token calls go to the network without
 * dispatching an event to it (or starting it). That saves a hop on each of the start's calls, and a
 * write never starts the old worker while a new release activates (which holds the update).
 */
function routeAroundTheWorker(event: InstallEventWithRoutes): Promise<void> {
  const ownOrigin = { protocol: self.location.protocol.slice(0, -1), hostname: self.location.hostname, port: self.location.port };
  // A pattern's missing parts come from the worker's own address, and a path not starting with '/' is
  // taken as relative to it: so every part is named, and the path is the provider's base path, if any, then the document.
  const discovery = { protocol: '*', hostname: '*', port: '*', pathname: `{/*}?${DISCOVERY_PATH}` };
  const rules = [
    { condition: { not: { requestMethod: 'GET' } }, source: 'network' as const },
    { condition: { not: { or: [{ urlPattern: ownOrigin }, { urlPattern: discovery }] } }, source: 'network' as const },
  ];
  return (event.addRoutes?.(rules) ?? Promise.resolve()).catch((error: unknown) => console.warn('[sw] the routes around the worker could not be added', error));
}

// The identity provider's discovery document: a renewal at start needs no extra round trip for it.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.endsWith(DISCOVERY_PATH),
  new StaleWhileRevalidate({ cacheName: 'identity-provider' }),
);

// Brand logos, favicons and icons referenced by the config.
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.destination === 'image' && /^\/(brand|icons)\//.test(url.pathname),
  new NetworkFirst({ cacheName: 'brand-assets', networkTimeoutSeconds: 4 }),
);

// The page asks a waiting version to take over only after the user agreed (never a silent reload).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
