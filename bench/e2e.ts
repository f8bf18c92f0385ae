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
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { SIGN_IN_DOMAIN } from '../dev/hosts.ts';
import { launchChromium } from '../dev/testing/browser.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../dev/testing/chromium.ts';
import { LOADS_EVERY_ROUTE } from '../dev/apps/browser/routes.ts';
import { FRAMES_DEFAULTS } from '../src/frames/after-idle.ts';
import { poolSize } from '../src/frames/pool.ts';
// Renamed on import: the React hooks lint takes any use* call outside a component for a hook.
import { useEnglish as storeEnglish } from '../tests/e2e/support.ts';
import { fixturesCopy } from '../dev/testing/fixtures.ts';
import { measureBuild, precacheTotal } from '../scripts/check-budget.ts';
import { DESKTOP, HANDHELD, HANDHELD_CPU, type Profile } from './profiles.ts';
import { buildLuigiShell, readCatalogue, type Titles } from './luigi/build.ts';
import { chunkNames, FLAG_OWN_MS, formatLongTasks, formatLongTaskSummary, longTasksOf, TRACE_CATEGORIES, type LongTask, type StartTasks, type TraceEvent } from './long-tasks.ts';
import { allowEvaluatedFunctions, heapAfterGc, keystrokeToPaint, median, requestsBefore, runCount, startFramePaint, startFrameRequest, timeToInteractive } from './measure.ts';
import { SHELL, signInAs } from './portal.ts';
import { appPaths, clickToView, documentShowing, planMoves, recordViewsIn, type MovesPlan, type Opened } from './moves.ts';
import { formatCpuTargets, formatFrameHeaps, formatHandheldTable, formatTable, type Figures, type FrameHeap } from './report.ts';
import { servePortal } from './serve.ts';
import { luigiShell, portalShell, type ShellUnderTest } from './shells.ts';
import { serveStatic } from './static-server.ts';

const RUNS = runCount('RUNS', process.env.RUNS ?? process.env.BENCH_RUNS, 5);
/** One traced run per shell and profile lists the long tasks of its starts; BENCH_TRACE=0 leaves it out. */
const TRACE = process.env.BENCH_TRACE !== '0';
/**
 * `BENCH_PROFILE=cpu4` (or `-- --profile cpu4`, issue 57): the desktop, then the handheld with its CPU
 * slowed 4× and no network shaping, and the targets of issue 57 against Luigi; otherwise the desktop
 * and the shaped handheld of issue 12.
 */
const PROFILE = process.argv.includes('--profile') ? process.argv[process.argv.indexOf('--profile') + 1] : process.env.BENCH_PROFILE;
if (PROFILE !== undefined && PROFILE !== 'cpu4') throw new Error(`unknown bench profile ${PROFILE} (known: cpu4)`);
/** The mark the page makes just before a traced menu tap (long tasks from the tap on). */
const TAP_MARK = 'bench:tap';
/** Frame routes picked from the menu; the handheld profile opens the first few of them. */
const ROUTE_COUNT = DESKTOP.routes;
/** Typed into both searches one key at a time; a keystroke that leaves the results alone is not counted. */
const SEARCH_QUERY = 'stock';
const LUIGI_DIR = 'bench/out/luigi';
const FAILURE_SCREENSHOT = 'bench/out/failure.png';
/** A single-seller user with every permission: lands straight in the shell with the whole menu. */
const BENCH_USER = { username: 'bench', password: 'bench123' };
const BENCH_SUB = 'staff-bench';
/** How often the bench user has opened the warm app's route before a run of the moves (frames/warm.ts counts them). */
const WARM_OPENS = 5;

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
          sub: BENCH_SUB,
          name: 'Benchmark User',
          email: 'bench@example.vn',
          meta_data: { ...meta, seller_id: '1', platform_id: 1, siteId: 101 },
        },
      });
    },
  });
}

type Samples = Record<keyof Figures, number[]>;

function addNavigation(samples: Samples, opened: Opened): void {
  samples.navigate.push(opened.ms);
  if (opened.request !== null) samples.navigateRequest.push(opened.request);
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function newContext(browser: Browser, shell: ShellUnderTest, profile: Profile, storageState?: StorageState): Promise<BrowserContext> {
  const context = await browser.newContext({ ...profile.context, serviceWorkers: 'allow', storageState: storageState ?? (await shell.storageState?.()) });
  await allowEvaluatedFunctions(context);
  await recordViewsIn(context);
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

/** The routes a run opens: the menu walk, the moves of issue 56, and each route's path in its app. */
interface RoutesUnderTest {
  walk: string[];
  moves: MovesPlan;
  appPath: ReadonlyMap<string, string[]>;
}

/** One run: cold, warm and offline starts, new routes, and on the desktop search, going back and the heap. */
async function run(browser: Browser, shell: ShellUnderTest, profile: Profile, routes: RoutesUnderTest, samples: Samples) {
  const context = await newContext(browser, shell, profile);
  const session: Session = { context, profile, offline: false, page: undefined as unknown as Page };
  try {
    session.page = await openPage(session);
    await runSteps(session, shell, { ...routes, walk: routes.walk.slice(0, profile.routes) }, samples);
  } catch (error) {
    await session.page?.screenshot({ path: FAILURE_SCREENSHOT }).catch(() => undefined);
    throw new Error(`${shell.name} (${profile.name}) failed at ${session.page?.url()} (screenshot: ${FAILURE_SCREENSHOT})`, { cause: error });
  } finally {
    await context.close();
  }
}

async function runSteps(session: Session, shell: ShellUnderTest, routes: RoutesUnderTest, samples: Samples) {
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

  const appPath = (path: string) => routes.appPath.get(path) ?? [path];
  if (!session.profile.everything) {
    let previous = '/';
    for (const path of routes.walk) {
      addNavigation(samples, await clickToView(page, await shell.link(page, path), appPath(path), { request: true }));
      if (!session.profile.back) continue;
      samples.back.push((await clickToView(page, await shell.link(page, previous), appPath(previous))).ms);
      previous = path;
    }
    return;
  }

  const results = await shell.openSearch(page);
  for (const key of SEARCH_QUERY) {
    const ms = await keystrokeToPaint(page, results, key);
    if (ms !== null) samples.search.push(ms);
  }
  await shell.closeSearch(page);

  // The document that showed each route (the sample app's load time): going back to it in another one is a reload.
  const shown = new Map([['/', await documentShowing(page, appPath('/'))]]);
  let previous = '/';
  for (const path of routes.walk) {
    addNavigation(samples, await clickToView(page, await shell.link(page, path), appPath(path), { request: true }));
    shown.set(path, await documentShowing(page, appPath(path)));
    samples.back.push((await clickToView(page, await shell.link(page, previous), appPath(previous))).ms);
    samples.backReloads.push((await documentShowing(page, appPath(previous))) === shown.get(previous) ? 0 : 1);
    previous = path;
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
async function traceStarts(browser: Browser, shell: ShellUnderTest, profile: Profile, routes: RoutesUnderTest): Promise<StartTasks> {
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
    tasks.tap = await tracedTap(browser, session.page, shell, routes);
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

/**
 * The long tasks of a menu tap on a settled page to the walk's first route (a new frame), from the tap
 * until the page has settled again: what the shell does before the frame's request and after its load.
 */
async function tracedTap(browser: Browser, page: Page, shell: ShellUnderTest, routes: RoutesUnderTest): Promise<LongTask[]> {
  await settle(page);
  const path = routes.walk[0] as string;
  const link = await shell.link(page, path);
  await browser.startTracing(undefined, { categories: TRACE_CATEGORIES });
  let trace: Buffer | undefined;
  try {
    await page.evaluate((mark) => performance.mark(mark), TAP_MARK);
    await clickToView(page, link, routes.appPath.get(path) ?? [path]);
    await settle(page);
  } finally {
    trace = await browser.stopTracing();
  }
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  return longTasksOf(events, { origin: shell.origin, scriptName: chunkNames(shell.origin), mark: TAP_MARK });
}

/** The long-task lists of both shells on one profile: a summary table, then every task (the shell's own over 100 ms flagged at CPU 4×). */
async function printLongTasks(browser: Browser, shells: ShellUnderTest[], profile: Profile, routes: RoutesUnderTest): Promise<void> {
  if (!TRACE) return;
  const traced: { name: string; tasks: StartTasks }[] = [];
  for (const shell of shells) {
    process.stdout.write(`  ${profile.name}: tracing the starts of ${shell.name}        \r`);
    traced.push({ name: shell.name, tasks: await traceStarts(browser, shell, profile, routes) });
  }
  console.log(`\n${formatLongTaskSummary(`Long tasks of one traced run per shell (${profile.description}; tracing slows the page, so only the lists compare)`, traced)}`);
  const flagOver = profile.name === 'desktop' ? undefined : FLAG_OWN_MS;
  for (const { name, tasks } of traced) {
    for (const [kind, list] of Object.entries(tasks)) console.log(`\n${formatLongTasks(`${name}, ${profile.name}, ${kind === 'tap' ? 'menu tap to a new frame' : `${kind} start`}`, list, flagOver)}`);
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

/**
 * The moves of issue 56 in a context of their own, from the landing page: to a cold app's route, to
 * another route of that app, to the entry of a warm app. With `warmOpens` the portal's person has opened
 * the warm app's route that often (its warm frame loads after the first idle moment); without, the portal
 * has no warm frame, as before issue 56, and only the cold app is timed.
 */
async function runMoves(browser: Browser, shell: ShellUnderTest, profile: Profile, routes: RoutesUnderTest, samples: Samples, warmOpens: number | null): Promise<void> {
  const { moves: plan } = routes;
  const context = await newContext(browser, shell, profile, await movesState(shell, plan, warmOpens));
  const page = await context.newPage();
  try {
    await profile.prepare(page, false);
    await movesReady(page, shell, routes, warmOpens);
    const timed = async (path: string) => (await clickToView(page, await shell.link(page, path), routes.appPath.get(path) ?? [path])).ms;
    if (shell.warmsApps && warmOpens === null) {
      samples.moveColdNoWarm.push(await timed(plan.cold));
      return;
    }
    // A person looks at each page before the next tap: each move starts from a settled page.
    samples.moveCold.push(await timed(plan.cold));
    await settle(page);
    samples.moveSameApp.push(await timed(plan.sameApp));
    await settle(page);
    samples.moveWarm.push(await timed(plan.warm));
  } catch (error) {
    await page.screenshot({ path: FAILURE_SCREENSHOT }).catch(() => undefined);
    throw new Error(`${shell.name} (${profile.name}, moves) failed at ${page.url()} (screenshot: ${FAILURE_SCREENSHOT})`, { cause: error });
  } finally {
    await context.close();
  }
}

/** The shell's state for the moves: the portal's person signed in, with `warmOpens` opens of the warm app's route (localStorage frameOpens, frames/warm.ts). */
async function movesState(shell: ShellUnderTest, plan: MovesPlan, warmOpens: number | null): Promise<StorageState | undefined> {
  const state = await shell.storageState?.();
  if (!state || warmOpens === null) return state;
  const opens = { name: 'frameOpens', value: JSON.stringify({ sub: BENCH_SUB, routes: { [plan.warm]: warmOpens } }) };
  return { ...state, origins: state.origins.map((entry) => (entry.origin === shell.origin ? { ...entry, localStorage: [...entry.localStorage, opens] } : entry)) };
}

/**
 * Opens the shell and waits, outside any timing, until what a person's tap would meet is there: the portal's
 * part behind the first screen (it counts the landing route) and the warm app's frame loaded; then a settled page.
 */
async function movesReady(page: Page, shell: ShellUnderTest, routes: RoutesUnderTest, warmOpens: number | null): Promise<void> {
  await timeToInteractive(page, `${shell.origin}/`, shell.interactive);
  if (shell.warmsApps) {
    await page.waitForFunction(() => Boolean((JSON.parse(localStorage.getItem('frameOpens') ?? 'null') as { routes?: Record<string, number> } | null)?.routes?.['/']), undefined, { timeout: 30_000 });
    if (warmOpens !== null) {
      const warmPaths = routes.appPath.get(routes.moves.warm) ?? [routes.moves.warm];
      await page.waitForFunction((paths) => [...document.querySelectorAll('iframe')].some((frame) => frame.hidden && paths.includes(new URL(frame.src).pathname)), warmPaths, { timeout: 30_000 });
      const frame = page.frames().find((candidate) => URL.canParse(candidate.url()) && warmPaths.includes(new URL(candidate.url()).pathname));
      await frame?.waitForLoadState('load', { timeout: 30_000 });
    }
  }
  await settle(page);
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
  moveCold: [],
  moveSameApp: [],
  moveWarm: [],
  moveColdNoWarm: [],
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
    moveCold: median(samples.moveCold),
    moveSameApp: median(samples.moveSameApp),
    moveWarm: median(samples.moveWarm),
    moveColdNoWarm: median(samples.moveColdNoWarm),
  };
}

/** Runs the shells in turns, so that both meet the same load of a shared machine. */
async function measure(browser: Browser, shells: ShellUnderTest[], profile: Profile, routes: RoutesUnderTest): Promise<Figures[]> {
  const samples = shells.map(emptySamples);
  for (let i = 1; i <= RUNS; i++) {
    for (const [index, shell] of shells.entries()) {
      process.stdout.write(`  ${profile.name} run ${i}/${RUNS}: ${shell.name}        \r`);
      await run(browser, shell, profile, routes, samples[index] as Samples);
      process.stdout.write(`  ${profile.name} run ${i}/${RUNS}: ${shell.name}, moves        \r`);
      await runMoves(browser, shell, profile, routes, samples[index] as Samples, WARM_OPENS);
      // The portal's cold app as before issue 56: no warm frame.
      if (shell.warmsApps) await runMoves(browser, shell, profile, routes, samples[index] as Samples, null);
    }
  }
  console.log(`  ${profile.name}: ${RUNS} runs done                    `);
  return samples.map(summarize);
}

/** Menu routes the portal shows the bench user that both shells open in a frame (in menu order), and the walk's, spread over the menu. */
async function pickRoutes(page: Page, candidates: Set<string>): Promise<{ menu: string[]; walk: string[] }> {
  const menu = page.getByRole('navigation', { name: SHELL.mainMenu });
  const collapsed = menu.locator('button[aria-expanded="false"]');
  while ((await collapsed.count()) > 0) await collapsed.first().click();
  const hrefs = await menu.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const shown = hrefs.filter((href) => href !== '/' && candidates.has(href));
  if (shown.length < ROUTE_COUNT) throw new Error(`the portal's menu shows only ${shown.length} frame routes, ${ROUTE_COUNT} needed`);
  return { menu: shown, walk: Array.from({ length: ROUTE_COUNT }, (_, i) => shown[Math.floor((i * shown.length) / ROUTE_COUNT)] as string) };
}

/**
 * Each frame's JavaScript heap once the moves are made (issue 56), for each shell: in a browser of its own
 * in which every app origin has a process of its own (`--isolate-origins`), so that the DevTools protocol
 * reaches each frame's heap apart from the shell's (in the timed runs they share the shell's process, as on
 * the portal's own site). After a forced collection in each.
 */
async function printFrameHeaps(shells: ShellUnderTest[], profile: Profile, routes: RoutesUnderTest, appOrigins: string[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--isolate-origins=${appOrigins.join(',')}`] });
  try {
    for (const shell of shells) {
      process.stdout.write(`  ${profile.name}: the frames' heaps in ${shell.name}        \r`);
      const warmOpens = shell.warmsApps ? WARM_OPENS : null;
      const context = await newContext(browser, shell, profile, await movesState(shell, routes.moves, warmOpens));
      const page = await context.newPage();
      try {
        await profile.prepare(page, false);
        await movesReady(page, shell, routes, warmOpens);
        for (const path of [routes.moves.cold, routes.moves.sameApp, routes.moves.warm]) {
          await clickToView(page, await shell.link(page, path), routes.appPath.get(path) ?? [path]);
          await settle(page);
        }
        const heaps: FrameHeap[] = [{ name: 'shell', shown: true, bytes: await heapAfterGc(page) }];
        for (const frame of page.frames()) {
          if (frame === page.mainFrame() || !URL.canParse(frame.url()) || !frame.url().startsWith('http')) continue;
          const url = new URL(frame.url());
          const shown = await (await frame.frameElement()).isVisible();
          const cdp = await context.newCDPSession(frame).catch(() => null); // a frame in the shell's own process has no session of its own
          let bytes: number | null = null;
          if (cdp) {
            await cdp.send('HeapProfiler.collectGarbage');
            bytes = (await cdp.send('Runtime.getHeapUsage')).usedSize;
            await cdp.detach();
          }
          heaps.push({ name: `${url.host.split('.')[0]} ${url.pathname}`, shown, bytes });
        }
        const width = profile.context.viewport?.width ?? 1280;
        const warm = width < 768 ? FRAMES_DEFAULTS.warmHandheld : FRAMES_DEFAULTS.warmDesktop;
        console.log(`\n${formatFrameHeaps(`${shell.name}, ${profile.name}: each frame's JS heap after the moves (cold app, its other route, the warm app's entry), each app origin in a process of its own`, heaps, shell.warmsApps ? { frames: poolSize(width), warm } : null)}`);
      } catch (error) {
        await page.screenshot({ path: FAILURE_SCREENSHOT }).catch(() => undefined);
        throw new Error(`${shell.name} (${profile.name}, heaps) failed at ${page.url()} (screenshot: ${FAILURE_SCREENSHOT})`, { cause: error });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
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
    let picked = { menu: [] as string[], walk: [] as string[] };
    await signedIn(async (page) => {
      picked = await pickRoutes(page, new Set(Object.keys(navigation.paths).filter((path) => !fullScreen.has(path))));
    });
    // The moves of issue 56 between apps that route in place (the sample finance app does not: the fallback).
    const routes: RoutesUnderTest = { walk: picked.walk, moves: planMoves(picked.menu, catalogue, new Set([LOADS_EVERY_ROUTE])), appPath: appPaths(catalogue) };

    const loadAtStart = loadavg()[0] ?? 0;
    console.log(`Measuring ${RUNS} runs of each shell over ${ROUTE_COUNT} frame routes (handheld: the first ${HANDHELD.routes}): ${routes.walk.join(' ')}`);
    console.log(`Moves (issue 56): a cold app ${routes.moves.cold}, its other route ${routes.moves.sameApp}, the warm app's entry ${routes.moves.warm} (opened ${WARM_OPENS} times before)`);
    const appOrigins = Object.values(stack.apps);
    const shells = [portalShell(origin, catalogue, titles, () => signedIn()), luigiShell(luigiServer.origin, navigation)];
    const [portal, luigi] = (await measure(browser, shells, DESKTOP, routes)) as [Figures, Figures];
    const sizes = {
      portal: { js: build.initialJsGzip, css: build.initialCssGzip, precache: precacheTotal(build), criticalPath: build.criticalPath.gzip },
      // Luigi's initial JS is its core plus the generated configuration that holds the catalogue.
      luigi: { js: gzipBytes([join(LUIGI_DIR, 'luigi.js'), join(LUIGI_DIR, 'luigi-config.js')]), css: gzipBytes([join(LUIGI_DIR, 'luigi.css')]), precache: null, criticalPath: null },
    };
    const machine = `${cpus().length} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
    console.log(`\n${formatTable({ portal, luigi, sizes, runs: RUNS, routes: ROUTE_COUNT, machine, device: DESKTOP.description })}`);
    // The CPU profile is about time: the frames' heaps (a browser of their own) are left to the default one.
    if (PROFILE !== 'cpu4') await printFrameHeaps(shells, DESKTOP, routes, appOrigins);
    await printLongTasks(browser, shells, DESKTOP, routes);
    const handheld = PROFILE === 'cpu4' ? HANDHELD_CPU : HANDHELD;
    const [handheldPortal, handheldLuigi] = (await measure(browser, shells, handheld, routes)) as [Figures, Figures];
    const handheldMachine = `${cpus().length} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} now`;
    console.log(`\n${formatHandheldTable({ portal: handheldPortal, luigi: handheldLuigi, runs: RUNS, routes: handheld.routes, machine: handheldMachine, device: handheld.description })}`);
    if (PROFILE === 'cpu4') console.log(`\n${formatCpuTargets({ desktop: { portal, luigi }, handheld: { portal: handheldPortal, luigi: handheldLuigi }, runs: RUNS, machine: handheldMachine, device: handheld.description })}`);
    else await printFrameHeaps(shells, HANDHELD, routes, appOrigins);
    await printLongTasks(browser, shells, handheld, routes);
  } finally {
    await browser.close();
    await luigiServer.close();
    await portalServer.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  }
}

await main();
