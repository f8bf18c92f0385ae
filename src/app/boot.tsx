import type { Root } from 'react-dom/client';
import { loadRuntimeConfig } from '../config/load.ts';
import { initI18n } from '../i18n/index.ts';
import { ConfigNotFoundPage } from '../pages/ConfigNotFoundPage.tsx';
import { StartFailure } from '../pages/StartFailure.tsx';
import { applyBrand } from '../shell/branding.ts';
import { App, signedInLoaded } from './App.tsx';
import { createRuntime } from './runtime.ts';

/**
 * First step of start-up: runtime config and language, in parallel. Every failure renders a page;
 * the signed-in part of start-up continues in App (session → user → flags → platform → sellers → sites).
 */
export async function boot(root: Root): Promise<void> {
  try {
    const [configResult, i18n] = await Promise.all([loadRuntimeConfig(), initI18n(), signedInLoaded]);
    if (!configResult.ok) {
      root.render(<ConfigNotFoundPage problem={configResult.problem} />);
      return;
    }
    applyBrand(configResult.brand, i18n.language);
    const runtime = createRuntime(configResult.config, configResult.brand, configResult.host);
    root.render(<App runtime={runtime} />);
  } catch (error) {
    console.error('[boot] the portal could not start', error);
    root.render(<StartFailure />);
  }
}
