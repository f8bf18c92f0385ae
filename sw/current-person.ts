/// <reference lib="WebWorker" />
import { parseCurrentPerson, parseCurrentPersonMessage, type CurrentPerson, type PersonDigest } from '../src/sw-client/current-person.ts';
import { isSharedDeviceHost } from './runtime-config.ts';

declare const self: ServiceWorkerGlobalScope;

/*
 * Whom this worker may show push messages to (src/sw-client/current-person.ts says why and how). The
 * page tells it; it keeps only that, in a cache of its own, because a worker woken by a push has
 * forgotten everything it held in memory. Whether the host is a shared device at all, it reads in the
 * runtime config it keeps: a policy turned off shows every message again, whatever it was told before.
 */
const CACHE = 'shared-device';
const ENTRY = '/__shared-device/current-person';

/** The kept person; a personal device keeps none. A kept entry that cannot be read lets nothing through. */
export async function currentPerson(): Promise<CurrentPerson> {
  const shared = await isSharedDeviceHost();
  if (shared === false) {
    await caches.delete(CACHE);
    return 'personal';
  }
  const kept = await (await caches.open(CACHE)).match(ENTRY);
  // No config to tell by (not yet kept): what the page last said, or nothing said, a personal device.
  if (!kept) return shared ? null : 'personal';
  try {
    return parseCurrentPerson(await kept.json()) ?? null;
  } catch {
    return null;
  }
}

async function keep(person: PersonDigest | null): Promise<void> {
  await (await caches.open(CACHE)).put(ENTRY, new Response(JSON.stringify(person), { headers: { 'content-type': 'application/json' } }));
  // Nobody is signed in now: what the previous person was shown leaves the screen too.
  if (person === null) for (const shown of await self.registration.getNotifications()) shown.close();
}

self.addEventListener('message', (event) => {
  const message = parseCurrentPersonMessage(event.data);
  if (!message) return;
  if (!(event.source instanceof WindowClient) || new URL(event.source.url).origin !== self.location.origin) return;
  // The page may wait for the answer (End shift does, before it leaves for the provider).
  event.waitUntil(keep(message.person).then(() => event.ports[0]?.postMessage('kept')));
});
