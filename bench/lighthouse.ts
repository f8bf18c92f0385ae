/**
 * `npm run lighthouse`: Lighthouse (performance, accessibility, best practices) on the production
 * build served by nginx with the generated configuration, beside the benchmark's SAP Luigi shell
 * (bench/luigi) showing the same embedded page, in Debian's Chromium, one after the other in one run.
 * The portal is measured as a returning phone user's start (user cashier, English): the session kept
 * but the service worker, Cache Storage and HTTP cache cleared, so the app's files come from the
 * network as on a first visit. Luigi has no sign-in. Lighthouse's default mobile emulation with
 * simulated throttling (the portal's users are on handhelds).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js';
import type { BrowserContext } from 'playwright-core';
import { chromium } from 'playwright-core';
import { SIGN_IN_DOMAIN } from '../dev/hosts.ts';
import { freePort } from '../scripts/nginx-conf.ts';
// Renamed on import: the React hooks lint takes any use* call outside a component for a hook.
import { useEnglish as storeEnglish } from '../tests/e2e/support.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../dev/testing/chromium.ts';
import { buildLuigiShell } from './luigi/build.ts';
import { formatLighthouse, type LighthouseResult, type ShellRuns } from './lighthouse-report.ts';
import { portalInteractive, signInAs } from './portal.ts';
import { runCount } from './measure.ts';
import { servePortal } from './serve.ts';
import { serveStatic } from './static-server.ts';

const LUIGI_DIR = 'bench/out/luigi';
const RUNS = runCount('LIGHTHOUSE_RUNS', process.env.LIGHTHOUSE_RUNS, 3);

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/**
 * The portal's start as Lighthouse will load it: signed in (`signIn`, before the first run; the
 * session stays for the next) on the screen Lighthouse emulates and left once the shell has written
 * its frame-first record, picture included (a record of another screen, or none yet, gives a start
 * without frame first), then the worker and the caches cleared.
 */
async function prepareReturningUser(context: BrowserContext, origin: string, signIn: boolean): Promise<void> {
  const page = await context.newPage();
  const phone = screenEmulationMetrics.mobile;
  if (!phone) throw new Error('Lighthouse names no phone screen to emulate');
  await page.setViewportSize({ width: phone.width, height: phone.height });
  await storeEnglish(page);
  if (signIn) await signInAs(page, origin, 'cashier', 'cashier123');
  else {
    await page.goto(`${origin}/`);
    await portalInteractive(page);
  }
  await page.waitForFunction(() => {
    const record = JSON.parse(localStorage.getItem('frameFirst') ?? 'null') as { frames?: { path: string; picture: unknown }[] } | null;
    return record?.frames?.some((frame) => frame.path === '/' && frame.picture) ?? false;
  });
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  await page.close();
  await clearHttpCache(context);
}

async function clearHttpCache(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await page.close();
}

async function audit(url: string, port: number): Promise<LighthouseResult> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  return result.lhr as unknown as LighthouseResult;
}

async function main() {
  const served = await servePortal();
  buildLuigiShell(LUIGI_DIR, served.stack.apps);
  // On the apps' site like the portal, so that both shells share a process with their frame alike.
  const luigi = await serveStatic(join(process.cwd(), LUIGI_DIR), ['/luigi.js', '/luigi.css', '/baseTheme/'], `luigi.${SIGN_IN_DOMAIN}`);
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'staff-portal-lighthouse-'));
  // A persistent context is the browser's default one, which Lighthouse's tab shares (the session).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const runs: { portal: LighthouseResult[]; luigi: LighthouseResult[] } = { portal: [], luigi: [] };
    // In turn, so that both shells meet the same load on a shared machine.
    for (let run = 1; run <= RUNS; run++) {
      await prepareReturningUser(context, served.origin, run === 1);
      runs.portal.push(await audit(`${served.origin}/`, port));
      // Luigi's files come from the network too, as they did before its first run in this browser.
      await clearHttpCache(context);
      runs.luigi.push(await audit(`${luigi.origin}/`, port));
      console.log(`  run ${run} of ${RUNS} done`);
    }
    const shell = (all: LighthouseResult[]): ShellRuns => ({ all, median: computeMedianRun(all as never) as unknown as LighthouseResult });
    console.log(
      formatLighthouse(
        { portal: shell(runs.portal), luigi: shell(runs.luigi) },
        'the signed-in shell (cashier) served by nginx with the generated CSP, session kept, service worker and caches cleared; ' +
          'SAP Luigi 2.31 (bench/luigi) with the same embedded page, from its static server',
      ),
    );
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await luigi.close();
    await served.close();
  }
}

await main();
