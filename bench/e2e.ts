/**
 * `npm run bench:e2e`: the portal's production build, served by nginx with the generated
 * configuration, against a SAP Luigi shell holding the same catalogue and frames (issue 8), on a
 * desktop and on a throttled handheld (issue 12). Both run on one local stack in Debian's Chromium;
 * every figure is the median of RUNS runs (BENCH_RUNS also works; default 5).
 */
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { SIGN_IN_DOMAIN } from '../dev/hosts.ts';
import { launchChromium } from '../dev/testing/browser.ts';
// Renamed on import: the React hooks lint takes any use* call outside a component for a hook.
import { useEnglish as storeEnglish } from '../tests/e2e/support.ts';
import { fixturesCopy } from '../dev/testing/fixtures.ts';
import { measureBuild, precacheTotal } from '../scripts/check-budget.ts';
import { DESKTOP, HANDHELD, type Profile } from './profiles.ts';
import { buildLuigiShell, readCatalogue, type Titles } from './luigi/build.ts';
import { chunkNames, formatLongTasks, formatLongTaskSummary, longTasksOf, TRACE_CATEGORIES, type StartTasks, type TraceEvent } from './long-tasks.ts';
import { allowEvaluatedFunctions, clickToFrame, heapAfterGc, keystrokeToPaint, median, pageViewCount, requestsBefore, runCount, startFramePaint, startFrameRequest, timeToInteractive } from './measure.ts';
import { SHELL, signInAs } from './portal.ts';
import { formatHandheldTable, formatTable, type Figures } from './report.ts';
import { servePortal } from './serve.ts';
import { luigiShell, portalShell, type ShellUnderTest } from './shells.ts';
import { serveStatic } from './static-server.ts';

const RUNS = runCount('RUNS', process.env.RUNS ?? process.env.BENCH_RUNS, 5);
/** One traced run per shell and profile lists the long tasks of its starts; BENCH_TRACE=0 leaves it out. */
const TRACE = process.env.BENCH_TRACE !== '0';
/** Frame routes picked from the menu; the handheld profile opens the first few of them. */
const ROUTE_COUNT = DESKTOP.routes;
/** Typed into both searches one key at a time; a keystroke that leaves the results alone is not counted. */
const SEARCH_QUERY = 'stock';
const LUIGI_DIR = 'bench/out/luigi';
const FAILURE_SCREENSHOT = 'bench/out/failure.png';
/** A single-seller user with every permission: lands straight in the shell with the whole menu. */
const BENCH_USER = { username: 'bench', password: 'bench123' };

function benchFixtures(): string {
  return fixturesCopy({
    'users.json': (users) => {
      const admin = users.find((user) => user.username === 'admin');
      if (!admin) throw new Error('the fixtures have no admin user to copy');
      const { siteIds: _sites, ...meta } = admin.claims.meta_data;
      users.push({
        ...admin,
        ...BENCH_USER,
        description: 'Benchmark: every permission of admin, but one platform, seller and site (no choosers).',
        claims: {
          ...admin.claims,
          sub: 'staff-bench',
          name: 'Benchmark User',
          email: 'bench@example.vn',
          meta_data: { ...meta, seller_id: '1', platform_id: 1, siteId: 101 },
        },
      });
    },
  });
}

type Samples = Record<keyof Figures, number[]>;

function addNavigation(samples: Samples, opened: { ms: number; request: number | null }): void {
  samples.navigate.push(opened.ms);
  if (opened.request !== null) samples.navigateRequest.push(opened.request);
}

async function newContext(browser: Browser, shell: ShellUnderTest, profile: Profile): Promise<BrowserContext> {
  const context = await browser.newContext({ ...profile.context, serviceWorkers: 'allow', storageState: await shell.storageState?.() });
  await allowEvaluatedFunctions(context);
  return context;
}

/** The page under measurement; reopening the app replaces it. */
interface Session {
  context: BrowserContext;
  profile: Profile;
  page: Page;
  offline: boolean;
}

async function openPage(session: Session): Promise<Page> {
  const page = await session.context.newPage();
  await session.profile.prepare(page, session.offline);
  return page;
}

async function reopen(session: Session): Promise<Page> {
  // A token renewal still in flight when the page closes would leave a spent refresh token behind
  // (the provider rotates them): let the page settle first, outside any timing.
  await session.page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await session.page.close();
  session.page = await openPage(session);
  return session.page;
}

async function setOffline(session: Session, offline: boolean): Promise<void> {
  session.offline = offline;
  await session.context.setOffline(offline);
}

/** One run: cold, warm and offline starts, new routes, and on the desktop search, going back and the heap. */
async function run(browser: Browser, shell: ShellUnderTest, profile: Profile, routes: string[], samples: Samples) {
  const context = await newContext(browser, shell, profile);
  const session: Session = { context, profile, offline: false, page: undefined as unknown as Page };
  try {
    session.page = await openPage(session);
    await runSteps(session, shell, routes.slice(0, profile.routes), samples);
  } catch (error) {
    await session.page?.screenshot({ path: FAILURE_SCREENSHOT }).catch(() => undefined);
    throw new Error(`${shell.name} (${profile.name}) failed at ${session.page?.url()} (screenshot: ${FAILURE_SCREENSHOT})`, { cause: error });
  } finally {
    await context.close();
  }
}

async function runSteps(session: Session, shell: ShellUnderTest, routes: string[], samples: Samples) {
  const url = `${shell.origin}/`;
  const interactive = await timeToInteractive(session.page, url, shell.interactive);
  samples.cold.push(interactive);
  const cold = await startFrameRequest(session.page);
  samples.coldFrameRequest.push(cold.ms);
  samples.coldFramePaint.push(await startFramePaint(session.page));
  samples.criticalPathBytes.push(cold.bytes);
  samples.coldRequests.push(await requestsBefore(session.page, interactive));

  if (shell.serviceWorker) await session.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const tokenRequests = countTokenRequests(session.context);
  samples.warm.push(await timeToInteractive(await reopen(session), url, shell.interactive));
  samples.warmFrameRequest.push((await startFrameRequest(session.page)).ms);
  samples.warmFramePaint.push(await startFramePaint(session.page));
  // Whatever the start does behind the shell counts too: wait until it has settled.
  await session.page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  samples.warmTokenRequests.push(tokenRequests.stop());
  if (shell.serviceWorker) {
    await setOffline(session, true);
    samples.offline.push(await timeToInteractive(await reopen(session), url, shell.interactive, 10_000));
    await setOffline(session, false);
  }
  samples.again.push(await timeToInteractive(await reopen(session), url, shell.interactive));
  const { page } = session;

  if (!session.profile.everything) {
    for (const path of routes) addNavigation(samples, await clickToFrame(page, await shell.link(page, path)));
    return;
  }

  const results = await shell.openSearch(page);
  for (const key of SEARCH_QUERY) {
    const ms = await keystrokeToPaint(page, results, key);
    if (ms !== null) samples.search.push(ms);
  }
  await shell.closeSearch(page);

  // The landing route's frame is the one already shown; every route's frame is remembered as loaded.
  const shownFrame = await page.locator('iframe').first().getAttribute('src');
  let previous = { path: '/', src: shownFrame ?? '' };
  for (const path of routes) {
    const opened = await clickToFrame(page, await shell.link(page, path));
    addNavigation(samples, opened);
    const before = await pageViewCount(page, previous.src);
    samples.back.push((await clickToFrame(page, await shell.link(page, previous.path), previous.src)).ms);
    samples.backReloads.push((await pageViewCount(page, previous.src)) === before ? 0 : 1);
    previous = { path, src: opened.src };
  }
  samples.heap.push(await heapAfterGc(page));
  samples.frames.push(await page.locator('iframe').count());
}

/** Whatever a start does behind its shell once interactive (revalidation, idle work) belongs to it too. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(2_000);
}

/**
 * The long tasks of a first, a repeat and an offline start (bench/long-tasks.ts), in a run of their own
 * outside the timings: tracing slows the page down. Each start is traced from before its page opens
 * until it has settled.
 */
async function traceStarts(browser: Browser, shell: ShellUnderTest, profile: Profile): Promise<StartTasks> {
  const context = await newContext(browser, shell, profile);
  const session: Session = { context, profile, offline: false, page: undefined as unknown as Page };
  const url = `${shell.origin}/`;
  const traced = async (open: () => Promise<Page>) => {
    await browser.startTracing(undefined, { categories: TRACE_CATEGORIES });
    let trace: Buffer | undefined;
    try {
      session.page = await open();
      await timeToInteractive(session.page, url, shell.interactive, 60_000);
      await settle(session.page);
    } finally {
      trace = await browser.stopTracing();
    }
    const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    return longTasksOf(events, { origin: shell.origin, scriptName: chunkNames(shell.origin) });
  };
  try {
    const tasks: StartTasks = { first: await traced(() => openPage(session)) };
    if (shell.serviceWorker) await session.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    tasks.repeat = await traced(() => reopen(session));
    if (shell.serviceWorker) {
      await setOffline(session, true);
      tasks.offline = await traced(() => reopen(session));
      await setOffline(session, false);
    }
    return tasks;
  } catch (error) {
    await session.page?.screenshot({ path: FAILURE_SCREENSHOT }).catch(() => undefined);
    throw new Error(`${shell.name} (${profile.name}, traced) failed at ${session.page?.url()} (screenshot: ${FAILURE_SCREENSHOT})`, { cause: error });
  } finally {
    await context.close();
  }
}

/** The long-task lists of both shells on one profile: a summary table, then every task. */
async function printLongTasks(browser: Browser, shells: ShellUnderTest[], profile: Profile): Promise<void> {
  if (!TRACE) return;
  const traced: { name: string; tasks: StartTasks }[] = [];
  for (const shell of shells) {
    process.stdout.write(`  ${profile.name}: tracing the starts of ${shell.name}        \r`);
    traced.push({ name: shell.name, tasks: await traceStarts(browser, shell, profile) });
  }
  console.log(`\n${formatLongTaskSummary(`Long tasks of one traced run per shell (${profile.description}; tracing slows the page, so only the lists compare)`, traced)}`);
  for (const { name, tasks } of traced) {
    for (const [kind, list] of Object.entries(tasks)) console.log(`\n${formatLongTasks(`${name}, ${profile.name}, ${kind} start`, list)}`);
  }
}

/** Counts requests to an OpenID provider's token endpoint (the refresh-token grant) from now until stop(). */
function countTokenRequests(context: BrowserContext): { stop(): number } {
  let count = 0;
  const onRequest = (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/token')) count++;
  };
  context.on('request', onRequest);
  return {
    stop() {
      context.off('request', onRequest);
      return count;
    },
  };
}

const emptySamples = (): Samples => ({
  cold: [],
  warm: [],
  offline: [],
  again: [],
  search: [],
  navigate: [],
  navigateRequest: [],
  back: [],
  backReloads: [],
  heap: [],
  frames: [],
  coldFrameRequest: [],
  warmFrameRequest: [],
  coldFramePaint: [],
  warmFramePaint: [],
  criticalPathBytes: [],
  coldRequests: [],
  warmTokenRequests: [],
});

function summarize(samples: Samples): Figures {
  const { cold, warm, offline, search, navigate, back, heap, frames, coldFrameRequest, warmFrameRequest, criticalPathBytes } = samples;
  return {
    cold: median(cold),
    warm: median(warm),
    coldFrameRequest: median(coldFrameRequest),
    warmFrameRequest: median(warmFrameRequest),
    coldFramePaint: median(samples.coldFramePaint),
    warmFramePaint: median(samples.warmFramePaint),
    criticalPathBytes: median(criticalPathBytes),
    coldRequests: median(samples.coldRequests),
    warmTokenRequests: samples.warmTokenRequests.length ? samples.warmTokenRequests.reduce((sum, value) => sum + value, 0) / samples.warmTokenRequests.length : null,
    offline: median(offline),
    again: median(samples.again),
    search: median(search),
    navigate: median(navigate),
    navigateRequest: median(samples.navigateRequest),
    back: median(back),
    backReloads: samples.backReloads.reduce((sum, value) => sum + value, 0),
    heap: median(heap),
    frames: median(frames),
  };
}

/** Runs the shells in turns, so that both meet the same load of a shared machine. */
async function measure(browser: Browser, shells: ShellUnderTest[], profile: Profile, routes: string[]): Promise<Figures[]> {
  const samples = shells.map(emptySamples);
  for (let i = 1; i <= RUNS; i++) {
    for (const [index, shell] of shells.entries()) {
      process.stdout.write(`  ${profile.name} run ${i}/${RUNS}: ${shell.name}        \r`);
      await run(browser, shell, profile, routes, samples[index] as Samples);
    }
  }
  console.log(`  ${profile.name}: ${RUNS} runs done                    `);
  return samples.map(summarize);
}

/** Menu routes the portal shows the bench user that both shells open in a frame, spread over the menu. */
async function pickRoutes(page: Page, candidates: Set<string>): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: SHELL.mainMenu });
  const collapsed = menu.locator('button[aria-expanded="false"]');
  while ((await collapsed.count()) > 0) await collapsed.first().click();
  const hrefs = await menu.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const shown = hrefs.filter((href) => href !== '/' && candidates.has(href));
  if (shown.length < ROUTE_COUNT) throw new Error(`the portal's menu shows only ${shown.length} frame routes, ${ROUTE_COUNT} needed`);
  return Array.from({ length: ROUTE_COUNT }, (_, i) => shown[Math.floor((i * shown.length) / ROUTE_COUNT)] as string);
}

const gzipBytes = (files: string[]) => files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);

async function main() {
  const fixturesDir = benchFixtures();
  const portalServer = await servePortal(fixturesDir);
  const { stack, origin } = portalServer;
  const build = measureBuild('dist');
  const navigation = buildLuigiShell(LUIGI_DIR, stack.apps);
  // On the apps' site like the portal, so that both shells share a process with their frames alike.
  const luigiServer = await serveStatic(join(process.cwd(), LUIGI_DIR), ['/luigi.js', '/luigi.css', '/baseTheme/'], `luigi.${SIGN_IN_DOMAIN}`);
  const browser = await launchChromium();
  try {
    const catalogue = readCatalogue();
    const titles = JSON.parse(readFileSync('src/i18n/locales/en/routes.json', 'utf8')) as Titles;
    // Every run starts signed in (session and language in localStorage) with a sign-in of its own:
    // a start renews the token behind the shell and the provider rotates refresh tokens, so a state
    // saved once would hold a spent refresh token from the second run on.
    const signedIn = async (keep?: (page: Page) => Promise<void>) => {
      const setup = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await setup.newPage();
      await storeEnglish(page);
      await signInAs(page, origin, BENCH_USER.username, BENCH_USER.password);
      await keep?.(page);
      const state = await setup.storageState();
      await setup.close();
      return state;
    };
    // Full-screen (mobile view) pages hide the portal's menu, so the walk could not click its way back.
    const fullScreen = new Set(catalogue.filter((route) => route.isUseMobileView).map((route) => route.path));
    let routes: string[] = [];
    await signedIn(async (page) => {
      routes = await pickRoutes(page, new Set(Object.keys(navigation.paths).filter((path) => !fullScreen.has(path))));
    });

    const loadAtStart = loadavg()[0] ?? 0;
    console.log(`Measuring ${RUNS} runs of each shell over ${ROUTE_COUNT} frame routes (handheld: the first ${HANDHELD.routes}): ${routes.join(' ')}`);
    const shells = [portalShell(origin, catalogue, titles, () => signedIn()), luigiShell(luigiServer.origin, navigation)];
    const [portal, luigi] = (await measure(browser, shells, DESKTOP, routes)) as [Figures, Figures];
    const sizes = {
      portal: { js: build.initialJsGzip, css: build.initialCssGzip, precache: precacheTotal(build), criticalPath: build.criticalPath.gzip },
      // Luigi's initial JS is its core plus the generated configuration that holds the catalogue.
      luigi: { js: gzipBytes([join(LUIGI_DIR, 'luigi.js'), join(LUIGI_DIR, 'luigi-config.js')]), css: gzipBytes([join(LUIGI_DIR, 'luigi.css')]), precache: null, criticalPath: null },
    };
    const machine = `${cpus().length} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
    console.log(`\n${formatTable({ portal, luigi, sizes, runs: RUNS, routes: ROUTE_COUNT, machine, device: DESKTOP.description })}`);
    await printLongTasks(browser, shells, DESKTOP);
    const [handheldPortal, handheldLuigi] = (await measure(browser, shells, HANDHELD, routes)) as [Figures, Figures];
    console.log(`\n${formatHandheldTable({ portal: handheldPortal, luigi: handheldLuigi, runs: RUNS, routes: HANDHELD.routes, machine, device: HANDHELD.description })}`);
    await printLongTasks(browser, shells, HANDHELD);
  } finally {
    await browser.close();
    await luigiServer.close();
    await portalServer.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  }
}

await main();
