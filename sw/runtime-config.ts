/// <reference lib="WebWorker" />
import { parseRuntimeConfig } from '../src/config/parse.ts';

export const CONFIG_CACHE = 'runtime-config';
export const CONFIG_PATH = '/config.json';

/**
 * Whether this host is a shared device by the runtime config the worker keeps (validated as the page
 * validates it); undefined when it has no readable copy.
 */
export async function isSharedDeviceHost(): Promise<boolean | undefined> {
  const kept = await (await caches.open(CONFIG_CACHE)).match(CONFIG_PATH, { ignoreVary: true });
  if (!kept) return undefined;
  try {
    const parsed = parseRuntimeConfig(await kept.json(), self.location.host);
    return parsed.ok ? parsed.brand.sharedDevice !== undefined : undefined;
  } catch {
    return undefined; // not JSON
  }
}
