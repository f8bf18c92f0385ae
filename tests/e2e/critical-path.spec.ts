import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { bootStepFile } from '../../scripts/bundle-size.ts';
import { criticalPath, readManifest } from '../../scripts/critical-path.ts';
import { controlledByServiceWorker, expectShell, signIn, useEnglish } from './support.ts';

// Every request goes to the network, so the page sees each file the start asks for.
test.use({ serviceWorkers: 'block' });

/** Opens the portal in a new tab and lists the JS and CSS files requested before the start frame's document. */
async function filesBeforeFrame(context: BrowserContext, origin: string): Promise<string[]> {
  const start = await context.newPage();
  const requested: string[] = [];
  let frameRequested = false;
  start.on('request', (request) => {
    if (frameRequested) return;
    if (request.isNavigationRequest() && request.frame() !== start.mainFrame()) {
      frameRequested = true;
      return;
    }
    const url = new URL(request.url());
    if (url.origin === origin && /\.(js|css)$/.test(url.pathname)) requested.push(url.pathname.slice(1));
  });
  await start.goto('/');
  await expect(start.locator('.frame-host iframe')).toBeAttached();
  expect(frameRequested).toBe(true);
  await start.close();
  return requested;
}

/** Holds the app's entry script of `page` until the returned function is called. */
async function holdEntry(page: Page): Promise<() => void> {
  let serveEntry = () => {};
  const entryHeld = new Promise<void>((resolve) => (serveEntry = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  return serveEntry;
}

/**
 * The budget's critical path (scripts/critical-path.ts, read from dist/'s build manifest) against a
 * real signed-in start: the cashier (Vietnamese, one seller and site) opens the portal again, and
 * the JS and CSS files requested before the start frame's request must be on the path, and every
 * file the path says the start awaits must be among them.
 */
test('a signed-in start downloads its critical path, and nothing else, before the start frame', async ({ page, context, baseURL }) => {
  await signIn(page, 'cashier');
  await expectShell(page);
  // The path of a start without a frame-first record (the first start on a device, or one whose record
  // does not apply): removed once the shell has written it (behind the start, when idle).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('frameFirst')?.includes('"path":"/"') ?? false)).toBe(true);
  await page.evaluate(() => localStorage.removeItem('frameFirst'));
  const requested = await filesBeforeFrame(context, new URL(baseURL ?? '').origin);

  const path = criticalPath(readManifest('dist'), 'vi');
  const onPath = new Set([bootStepFile('dist'), ...path.map((entry) => entry.file)]);
  expect(requested.filter((file) => !onPath.has(file)), 'requested before the start frame but not on the budget’s critical path').toEqual([]);
  const awaited = path.map((entry) => entry.file);
  expect(awaited.filter((file) => !requested.includes(file)), 'on the critical path but not requested before the start frame').toEqual([]);
});

test('a start asks at once for what its entry will await: the signed-in shell and the texts of its own language only', async ({ page, context }) => {
  await useEnglish(page);
  await signIn(page, 'cashier');
  await expectShell(page);
  const start = await context.newPage();
  // The app's entry is held: whatever is requested meanwhile is not the entry's import().
  const serveEntry = await holdEntry(start);
  const requested: string[] = [];
  start.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const requestedWhileHeld = (pattern: RegExp) => expect.poll(() => requested.filter((file) => pattern.test(file)));
  await start.goto('/', { waitUntil: 'commit' });
  await requestedWhileHeld(/^\/assets\/SignedInApp-[\w-]+\.js$/).toHaveLength(1);
  await requestedWhileHeld(/^\/assets\/locale-en-[\w-]+\.js$/).toHaveLength(1);
  serveEntry();
  await expectShell(start);
  expect(requested.filter((file) => file.startsWith('/assets/locale-vi-'))).toEqual([]);
  await start.close();
});

test('a first visit (index.html) asks for the signed-in shell with the entry, before the boot step has run', async ({ page, context }) => {
  await signIn(page, 'cashier');
  await expectShell(page);
  const start = await context.newPage();
  // The boot step is held: whatever is requested meanwhile is named by the page itself.
  let serveBootStep = () => {};
  const bootStepHeld = new Promise<void>((resolve) => (serveBootStep = resolve));
  await start.route(/\/assets\/frame-first-[\w-]+\.js$/, async (route) => {
    await bootStepHeld;
    await route.continue();
  });
  const requested: string[] = [];
  start.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await start.goto('/', { waitUntil: 'commit' });
  await expect.poll(() => requested.filter((file) => /^\/assets\/SignedInApp-[\w-]+\.js$/.test(file))).toHaveLength(1);
  serveBootStep();
  await expectShell(start);
  await start.close();
});

test.describe('served by the worker (start.html)', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a repeat start with a frame-first record requests no script but the boot step before the start frame', async ({ page, context, baseURL }) => {
  await signIn(page, 'cashier');
  await expectShell(page);
  await controlledByServiceWorker(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('frameFirst')?.includes('"path":"/"') ?? false)).toBe(true);
  const boot = bootStepFile('dist');
  expect(boot).not.toBeNull();
  // The page's stylesheet is linked from its head: it may come before, as it does for any start.
  const scripts = (await filesBeforeFrame(context, new URL(baseURL ?? '').origin)).filter((file) => file.endsWith('.js'));
  expect(scripts).toEqual([boot]);
  });

  test('a start from the worker gets its module scripts as responses the worker built, and the classic boot step as Cache Storage holds it', async ({ page, context, baseURL }) => {
    await signIn(page, 'cashier');
    await expectShell(page);
    await controlledByServiceWorker(page);
    const origin = new URL(baseURL ?? '').origin;
    const start = await context.newPage();
    const cdp = await context.newCDPSession(start);
    await cdp.send('Network.enable');
    // Where the worker took each of the start's scripts from (Chromium's own account of the response).
    const sources = new Map<string, string>();
    cdp.on('Network.responseReceived', ({ response }) => {
      const url = new URL(response.url);
      if (url.origin === origin && url.pathname.endsWith('.js')) sources.set(url.pathname.slice(1), response.serviceWorkerResponseSource ?? 'not the worker');
    });
    await start.goto('/');
    await expectShell(start);
    const boot = bootStepFile('dist');
    expect(boot).not.toBeNull();
    expect(sources.get(boot!)).toBe('cache-storage');
    const modules = criticalPath(readManifest('dist'), 'vi')
      .map((entry) => entry.file)
      .filter((file) => file.endsWith('.js'));
    expect(modules.length).toBeGreaterThan(1);
    expect(Object.fromEntries(modules.map((file) => [file, sources.get(file)]))).toEqual(Object.fromEntries(modules.map((file) => [file, 'fallback-code'])));
  });
});

test('a repeat start with a frame-first record draws the shell as it was before the app runs, and the shell takes its place', async ({ page, context }) => {
  await signIn(page, 'cashier');
  await expectShell(page);
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('frameFirst') ?? 'null') as { frames: { picture: { boxes: unknown[] } | null }[] } | null)?.frames[0]?.picture?.boxes.length ?? 0))
    .toBeGreaterThan(0);
  const start = await context.newPage();
  // The app's entry is held: what shows meanwhile is the boot step's alone.
  const serveEntry = await holdEntry(start);
  await start.goto('/', { waitUntil: 'commit' });
  const picture = start.locator('.shell-picture');
  await expect(picture).toBeVisible();
  await expect(start.locator('.frame-first iframe')).toBeAttached();
  const drawn = await picture.textContent();
  serveEntry();
  await expectShell(start);
  await expect(picture).toHaveCount(0);
  // Nothing moved as the shell took the picture's place (the frame stayed where it was drawn).
  const shifts = await start.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => list.getEntries().forEach((entry) => (sum += (entry as PerformanceEntry & { value: number }).value))).observe({
          type: 'layout-shift',
          buffered: true,
        });
        // Buffered entries arrive in the observer's first callback; none at all means none happened.
        setTimeout(() => resolve(sum), 500);
      }),
  );
  expect(shifts).toBe(0);
  // The picture showed the shell's own menu.
  const firstItem = await start.getByRole('navigation').first().getByRole('link').first().textContent();
  expect(drawn).toContain(firstItem?.trim());
});

test("a start that runs its start-up sequence sends the sequence's calls before the app's code has arrived, and the app sends none of them again", async ({ page, context }) => {
  await signIn(page, 'cashier');
  await expectShell(page);
  // Without a frame-first record the start runs its sequence before it draws (as a first start does).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('frameFirst') !== null)).toBe(true);
  await page.evaluate(() => localStorage.removeItem('frameFirst'));
  const start = await context.newPage();
  const serveEntry = await holdEntry(start);
  const startCall = /\/api\/v1\/(evaluation\/batch|upgrade-time|platforms\/\d+\/websites|sites\/user|platforms\/config|seller-list)\b/;
  const calls: string[] = [];
  start.on('request', (request) => startCall.test(request.url()) && calls.push(`${request.method()} ${request.url()}`));
  await start.goto('/', { waitUntil: 'commit' });
  // The app's entry is held: these are the boot step's.
  await expect.poll(() => calls.filter((call) => /seller-list|evaluation\/batch|upgrade-time|platforms\/config/.test(call)).length).toBeGreaterThanOrEqual(4);
  const sentEarly = [...calls];
  serveEntry();
  await expectShell(start);
  expect(calls, 'each call of the start is sent once').toEqual(sentEarly);
  expect(new Set(calls).size).toBe(calls.length);
  await start.close();
});
