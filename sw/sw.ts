/// <reference lib="WebWorker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import './push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell (HTML, JS, CSS, translations) is precached. API and identity-provider answers are not:
// they belong to other origins and are never listed here.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the open page at once, so it works offline without a reload. Updates
// still wait for the user's consent (no skipWaiting here).
clientsClaim();

// In-app paths (/orders/seller, /403, /callback...) get the shell; files and the worker itself do not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/\/[^/?]+\.[^/?]+$/],
  }),
);

// The runtime config changes without a release: fresh when online, the last copy when offline.
const CONFIG_CACHE = 'runtime-config';
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: 4 }),
);
// The page fetched the config before this worker controlled it: keep a copy from the start, so the
// very next start works offline.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CONFIG_CACHE)
      .then((cache) => cache.add('/config.json'))
      .catch(() => undefined),
  );
});

// Brand logos, favicons and icons referenced by the config.
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.destination === 'image' && /^\/(brand|icons)\//.test(url.pathname),
  new NetworkFirst({ cacheName: 'brand-assets', networkTimeoutSeconds: 4 }),
);

// The page asks a waiting version to take over only after the user agreed (never a silent reload).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
