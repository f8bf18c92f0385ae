/**
 * `npm run lighthouse`: Lighthouse (performance, accessibility, best practices) on the production
 * build served by nginx with the generated configuration, in Debian's Chromium. What it measures: the
 * signed-in shell at `/` (user cashier, English), loaded with the session kept but the service worker,
 * Cache Storage and HTTP cache cleared, so the app's files come from the network as on a first visit;
 * Lighthouse's default mobile emulation with simulated throttling (the portal's users are on handhelds).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { freePort } from '../scripts/nginx-conf.ts';
// Renamed on import: the React hooks lint takes any use* call outside a component for a hook.
import { useEnglish as storeEnglish } from '../tests/e2e/support.ts';
import { signInAs } from './portal.ts';
import { servePortal } from './serve.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../dev/testing/chromium.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'interactive', 'total-blocking-time', 'cumulative-layout-shift'];

async function main() {
  const served = await servePortal();
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'staff-portal-lighthouse-'));
  // A persistent context is the browser's default one, which Lighthouse's tab shares (the session).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = await context.newPage();
    // The start this measures is a returning phone user's, the same in every run: signed in on the
    // screen Lighthouse emulates, and left once the shell has written its frame-first record, picture
    // included (a record of another screen, or none yet, gives a start without frame first).
    const phone = screenEmulationMetrics.mobile;
    if (!phone) throw new Error('Lighthouse names no phone screen to emulate');
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await storeEnglish(page);
    await signInAs(page, served.origin, 'cashier', 'cashier123');
    await page.waitForFunction(() => {
      const record = JSON.parse(localStorage.getItem('frameFirst') ?? 'null') as { frames?: { path: string; picture: unknown }[] } | null;
      return record?.frames?.some((frame) => frame.path === '/' && frame.picture) ?? false;
    });
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
      for (const key of await caches.keys()) await caches.delete(key);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();

    const url = `${served.origin}/`;
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    console.log(`\nLighthouse ${lhr.lighthouseVersion} on ${lhr.finalDisplayedUrl}: the signed-in shell (cashier), served by nginx with the`);
    console.log('generated CSP; session kept, service worker and caches cleared; mobile emulation, simulated throttling.\n');
    for (const id of CATEGORIES) {
      const category = lhr.categories[id];
      console.log(`  ${(category?.title ?? id).padEnd(16)} ${category?.score === null || category?.score === undefined ? 'n/a' : Math.round(category.score * 100)}`);
    }
    console.log('');
    for (const id of METRICS) console.log(`  ${(lhr.audits[id]?.title ?? id).padEnd(26)} ${lhr.audits[id]?.displayValue ?? 'n/a'}`);
    // The layout shift of embedded pages counts too; the shell's own share tells them apart.
    const shift = (lhr.audits['cumulative-layout-shift']?.details as { items?: { cumulativeLayoutShiftMainFrame?: number }[] } | undefined)?.items?.[0];
    if (shift?.cumulativeLayoutShiftMainFrame !== undefined) console.log(`  ${'  of which the shell'.padEnd(26)} ${shift.cumulativeLayoutShiftMainFrame.toFixed(3)}`);
    // The main thread's long tasks (what Total Blocking Time adds up), by the script that ran them.
    const tasks = (lhr.audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] } | undefined)?.items ?? [];
    if (tasks.length > 0) console.log(`\n  Long tasks (simulated):\n${tasks.map((task) => `    - ${task.duration.toFixed(0)} ms at ${task.startTime.toFixed(0)} ms: ${task.url}`).join('\n')}`);
    // What keeps a score below 100, so the figures come with their reasons.
    for (const id of CATEGORIES) {
      const failing = (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `    - ${lhr.audits[ref.id]?.title}${lhr.audits[ref.id]?.displayValue ? ` (${lhr.audits[ref.id]?.displayValue})` : ''}`);
      if (failing.length > 0) console.log(`\n  ${lhr.categories[id]?.title} findings:\n${failing.join('\n')}`);
    }
    // DevTools issues name the page that caused them: the shell or an embedded app.
    const issues = (lhr.audits['inspector-issues']?.details as { items?: { issueType: string; subItems?: { items: { url: string }[] } }[] } | undefined)?.items ?? [];
    for (const issue of issues) {
      const origins = [...new Set(issue.subItems?.items.map((item) => new URL(item.url).origin) ?? [])];
      console.log(`      ${issue.issueType} issue from ${origins.join(', ')}`);
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await served.close();
  }
}

await main();
