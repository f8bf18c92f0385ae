import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Real releases behind one origin: production builds with their own version strings (PORTAL_COMMIT
 * goes into __APP_VERSION__ and so into the worker's precache list); nginx serves whichever `current`
 * points at, as a deployment would switch it.
 */
export function createReleases() {
  const work = mkdtempSync(join(tmpdir(), 'staff-portal-releases-'));
  const release = (name: string) => join(work, name);
  return {
    /** The directory nginx serves. */
    current: join(work, 'current'),
    build(name: string, commit: string) {
      execFileSync('npx', ['vite', 'build', '--outDir', release(name), '--emptyOutDir', '--logLevel', 'error'], {
        env: { ...process.env, PORTAL_COMMIT: commit },
        stdio: 'pipe',
      });
    },
    /** Points `current` at a release in one step (rename over the old link), like a deployment's switch. */
    deploy(name: string) {
      const next = join(work, 'current.next');
      symlinkSync(release(name), next);
      renameSync(next, join(work, 'current'));
    },
    remove() {
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The shell's prompt when a new release is waiting. */
export const updatePrompt = (page: Page) => page.locator('ion-toast').filter({ hasText: 'A new version of the portal is available.' });

/** What the browser does on its own after a while (or on the next navigation): look for a new worker. */
export const checkForUpdate = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
