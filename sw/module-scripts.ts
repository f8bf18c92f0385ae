import type { WorkboxPlugin } from 'workbox-core';

/*
 * The app's module scripts leave the precache as a response the worker builds, not as the Cache
 * Storage entry itself. Why: Chromium keeps a script's V8 code cache beside its Cache Storage entry.
 * For a module script it writes one on the first start after the worker installed, serialising every
 * compiled function on the page's main thread (790 ms traced on the handheld profile, in the middle of
 * that start), and never reads it back: the Chromium we measure with (156) uses the code cache of
 * classic scripts only. A built response has no entry to keep a cache beside, so none is written.
 * The start still compiles off the main thread (the critical path's compile hint, scripts/vite-plugins.ts),
 * and the boot step, a classic script, keeps its cache, which is used.
 */

/** A module script's request: fetched in CORS mode as a script (a classic `<script src>` is no-cors). */
export function isModuleScriptRequest(request: Request): boolean {
  return request.destination === 'script' && request.mode === 'cors';
}

/**
 * The precache's plugin: a module script's cached response goes out as a copy with the same body, status and headers.
 * Not workbox-core's copyResponse: it tees the body through a clone first, work on every script of every start for nothing here.
 */
export const moduleScriptsWithoutCodeCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    const request = (event as Partial<FetchEvent>).request;
    if (!cachedResponse || !request || !isModuleScriptRequest(request)) return cachedResponse;
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers: cachedResponse.headers });
  },
};
