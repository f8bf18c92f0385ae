import type { Root } from 'react-dom/client';
import { appliesAtOnce, CONFIG_PATH, loadRuntimeConfig } from '../config/load.ts';
import { subscribeConnectivity } from '../offline/mode.ts';
import { onConfigUpdated } from '../sw-client/register.ts';
import { initI18n, withDeferredTexts } from '../i18n/index.ts';
import { StartFailure } from '../pages/StartFailure.tsx';
import { applyBrand } from '../shell/branding.ts';
import { nextTask } from '../ui/idle.ts';
import { isLocalStorageUsable } from '../storage/local.ts';
import { App } from './App.tsx';
import { composePage, composeSession, type PageParts } from './composition.ts';
import { createRuntime } from '../config/runtime.ts';
import { restart } from '../effects/restart.ts';
import { requestKey, takeEarlyResponse } from '../api/early-responses.ts';

/**
 * First step of start-up: the page's parts (composition.ts), then the runtime config, the language
 * and the signed-in chunk in parallel, then the session. Every failure renders a page; the signed-in
 * part of start-up continues in App (session → user → flags → platform → sellers → sites).
 */
export async function boot(root: Root): Promise<void> {
  // Listening before the config arrives: the worker may report a changed copy right after answering.
  let updated = false;
  let running: Parameters<typeof appliesAtOnce>[0] | null = null;
  const recheck = () =>
    void loadRuntimeConfig().then((next) => {
      if (running && appliesAtOnce(running, next)) restart('config');
    });
  onConfigUpdated(() => (running ? recheck() : (updated = true)));
  let page: PageParts | undefined;
  // Evaluating the modules was a long task of its own on a phone: the start goes on in the next one.
  await nextTask();
  try {
    page = composePage();
    // The signed-in shell's chunk, requested at once and awaited with the config. Not React.lazy: a
    // Suspense fallback is held on screen for at least 300 ms.
    const signedInChunk = import('./SignedInApp.tsx');
    // And the start snapshot's read (begun by the boot step, no network): a start drawn from it draws the shell in the first render.
    const [configResult, , signedIn] = await Promise.all([loadRuntimeConfig(location.host, takeEarlyResponse(requestKey('GET', CONFIG_PATH))?.response ?? null), initI18n(), signedInChunk, page.snapshotRead]);
    if (!configResult.ok) {
      // The failure pages are not part of a normal start: their code loads only when one is shown.
      const { ConfigNotFoundPage } = await withDeferredTexts(import('../pages/ConfigNotFoundPage.tsx'));
      root.render(<ConfigNotFoundPage problem={configResult.problem} />);
      // Unreachable for want of a connection: start again by itself when it returns.
      if (configResult.problem.kind === 'unreachable') subscribeConnectivity((online) => online && restart('connection'));
      return;
    }
    running = configResult;
    if (updated) recheck();
    applyBrand(configResult.brand);
    const runtime = createRuntime(configResult.config, configResult.brand, configResult.host);
    if (!isLocalStorageUsable()) {
      const { StorageBlockedPage } = await withDeferredTexts(import('../pages/StorageBlockedPage.tsx'));
      root.render(<StorageBlockedPage supportEmail={runtime.supportEmail} />);
      return;
    }
    root.render(<App runtime={runtime} session={composeSession(runtime, page.mode)} page={page} signedIn={signedIn} />);
  } catch (error) {
    console.error('[boot] the portal could not start', error);
    // A chunk of a release the server no longer has: start again in the new one instead.
    if (await page?.recovery.afterChunkFailure()) return;
    root.render(<StartFailure />);
  }
}
