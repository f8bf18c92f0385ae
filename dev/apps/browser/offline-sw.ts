import { OFFLINE_CACHE } from './offline-cache.ts';

/**
 * The own service worker of the sample apps whose pages work offline (POS, and the ERP's to-do list) (module worker): network first, cache as fallback, so
 * its pages keep working when the browser is offline. Typed by hand because the project compiles
 * with the DOM library, not WebWorker.
 */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
const worker = self as unknown as {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
};

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));
worker.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET' || new URL(event.request.url).origin !== location.origin) return;
  event.respondWith(networkFirst(event.request));
});

async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(OFFLINE_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch {
    const cached = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
    return cached ?? new Response('This app is offline and this page was never opened here.', { status: 503 });
  }
}
