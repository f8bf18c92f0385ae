import { expect, test } from '@playwright/test';
import { criticalPath, readManifest } from '../../scripts/critical-path.ts';
import { expectShell, signIn } from './support.ts';

// Every request goes to the network, so the page sees each file the start asks for.
test.use({ serviceWorkers: 'block' });

/**
 * The budget's critical path (scripts/critical-path.ts, read from dist/'s build manifest) against a
 * real signed-in start: the cashier (Vietnamese, one seller and site) opens the portal again, and
 * the JS and CSS files requested before the start frame's request must be on the path, and every
 * file the path says the start awaits must be among them.
 */
test('a signed-in start downloads its critical path, and nothing else, before the start frame', async ({ page, context, baseURL }) => {
  await signIn(page, 'cashier');
  await expectShell(page);

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
    if (url.origin === new URL(baseURL ?? '').origin && /\.(js|css)$/.test(url.pathname)) requested.push(url.pathname.slice(1));
  });
  await start.goto('/');
  await expect(start.locator('.frame-host iframe')).toBeAttached();
  expect(frameRequested).toBe(true);

  const path = criticalPath(readManifest('dist'), 'vi');
  const onPath = new Set(path.map((entry) => entry.file));
  expect(requested.filter((file) => !onPath.has(file)), 'requested before the start frame but not on the budget’s critical path').toEqual([]);
  const awaited = path.filter((entry) => entry.reason !== 'alongside').map((entry) => entry.file);
  expect(awaited.filter((file) => !requested.includes(file)), 'on the critical path but not requested before the start frame').toEqual([]);
});
