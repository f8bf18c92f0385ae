import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type Page } from '@playwright/test';
import { startStack, type Stack } from '../../dev/stack.ts';
import { freePort, startNginx, type RunningNginx } from '../../scripts/nginx-conf.ts';

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

/**
 * Two releases of the portal, `a` deployed, served by nginx over a local stack of their own, for the
 * tests of one spec file: built and started before its first test, removed after its last.
 * `stack` and `nginx` are there once the first test runs.
 */
export function servedReleases(commits: { a: string; b: string }, setUpTimeout: number) {
  const releases = createReleases();
  const served = { deploy: releases.deploy, stack: undefined as unknown as Stack, nginx: undefined as unknown as RunningNginx };
  test.beforeAll(async () => {
    test.setTimeout(setUpTimeout);
    releases.build('a', commits.a);
    releases.build('b', commits.b);
    releases.deploy('a');
    const port = await freePort();
    served.stack = await startStack({ ports: { idp: 0, api: 0, apps: 0 }, portal: { mode: 'none' }, portalOriginPorts: [port] });
    served.nginx = await startNginx({ root: releases.current, runtimeConfigFile: served.stack.configFile, port });
  });
  test.afterAll(async () => {
    await served.nginx?.close();
    await served.stack?.close();
    releases.remove();
  });
  return served;
}

/** The shell's prompt when a new release is waiting. */
export const updatePrompt = (page: Page) => page.locator('ion-toast').filter({ hasText: 'A new version of the portal is available.' });

/** What the browser does on its own after a while (or on the next navigation): look for a new worker. */
export const checkForUpdate = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
