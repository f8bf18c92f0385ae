import { createCache, registerCacheCleanup } from '../offline/cache.ts';
import { isBrowserOnline, readStoredMode, shellMode } from '../offline/mode.ts';

/** The IndexedDB cache of this page; logout clears it. */
export const cache = createCache();
registerCacheCleanup(cache);

/** Online or the reduced offline shell, fixed for the page's life (a switch stores the mode and reloads). */
export const mode = shellMode(readStoredMode(), isBrowserOnline());
