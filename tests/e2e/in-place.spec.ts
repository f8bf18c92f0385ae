import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { activeFrame, appOrigin, appReady, expectShell, prepareOfflineUse, signIn, useEnglish } from './support.ts';

/**
 * Apps that route in place (issue 56): a menu tap to a route of an app whose frame is alive moves that
 * frame (frame-client onNavigate) instead of loading a new document; warm frames load the person's most
 * opened apps ahead, hidden. Every sample app routes in place but the finance app (dev/README.md).
 */
test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function openFromMenu(page: Page, group: string | null, item: string) {
  if (group) {
    const groupButton = menu(page).getByRole('button', { name: group });
    if ((await groupButton.getAttribute('aria-expanded')) !== 'true') await groupButton.click();
  }
  await menu(page).getByRole('link', { name: item, exact: true }).click();
}

/**
 * The frames' part behind the first screen is running: it counts the route shown as it starts (the
 * person's opens, localStorage `frameOpens`). Until then every route gets a new document.
 */
async function afterIdleTakenUp(page: Page) {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('frameOpens'))).not.toBeNull();
}

const loadedAt = (page: Page) => activeFrame(page).locator('#loaded-at').getAttribute('datetime');

/** The cashier works at `path`, drawn, once moves in place are possible; the document's load time. */
async function cashierAt(page: Page, path: string) {
  await signIn(page, 'cashier', path);
  await appReady(activeFrame(page));
  await afterIdleTakenUp(page);
  return loadedAt(page);
}
const frames = (page: Page) => page.locator('.frame-host iframe');
const heading = (page: Page, path: string) => activeFrame(page).getByRole('heading', { name: `Path: ${path}`, exact: true });

test('a menu tap to a route of an open app moves its frame in place; Back and forward move it too, with the breadcrumb and title', async ({ page }) => {
  const document = await cashierAt(page, '/dpos/orders');

  await openFromMenu(page, 'Point of sale', 'Create order');
  await expect(page).toHaveURL('/dpos/create-order');
  await expect(heading(page, '/dpos/create-order')).toBeVisible();
  await expect(activeFrame(page).getByText('Moved in place to /dpos/create-order')).toBeVisible();
  // The same document: no load, no second frame; its settings are the new route's.
  expect(await loadedAt(page)).toBe(document);
  await expect(frames(page)).toHaveCount(1);
  await expect(page).toHaveTitle(/^Create order/);
  expect(JSON.parse(await activeFrame(page).locator('body').evaluate(() => window.name))).toMatchObject({ title: 'Create order' });
  // The till, a section of that route only, works there.
  await expect(activeFrame(page).getByRole('heading', { name: 'Sell' })).toBeVisible();

  // A link inside the app moves it too (the app's own pushState, synced to the portal): a query this time.
  await activeFrame(page).getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL('/dpos/create-order?page=2');

  await page.goBack();
  await expect(page).toHaveURL('/dpos/create-order');
  await expect(heading(page, '/dpos/create-order')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/dpos/orders');
  await expect(heading(page, '/dpos/orders')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Point-of-sale orders');
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL('/dpos/create-order?page=2');
  // The query the frame's address would carry reaches the app: it draws that very route.
  await expect(heading(page, '/dpos/create-order?page=2')).toBeVisible();
  expect(await loadedAt(page)).toBe(document);
  await expect(frames(page)).toHaveCount(1);
});

test('the editing guard refuses a move in place as it would a new page, menu or Back; let through, the move is in place', async ({ page }) => {
  const document = await cashierAt(page, '/dpos/orders');
  const frame = activeFrame(page);
  const prompt = page.getByRole('alertdialog');

  await frame.getByRole('button', { name: 'Start editing' }).click();
  await openFromMenu(page, 'Point of sale', 'Create order');
  await expect(prompt).toContainText('Changes will not be saved. Do you want to leave this page?');
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL('/dpos/orders');
  await expect(heading(page, '/dpos/orders')).toBeVisible();
  await expect(frame.locator('#moves')).toHaveText('');

  await frame.getByRole('button', { name: 'End editing' }).click();
  await openFromMenu(page, 'Point of sale', 'Create order');
  await expect(frame.getByText('Moved in place to /dpos/create-order')).toBeVisible();

  // Back while editing asks too; leaving moves the same frame back.
  await frame.getByRole('button', { name: 'Start editing' }).click();
  await page.goBack();
  await expect(prompt).toBeVisible();
  await expect(page).toHaveURL('/dpos/create-order');
  await prompt.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL('/dpos/orders');
  await expect(frame.getByText('Moved in place to /dpos/orders')).toBeVisible();
  expect(await loadedAt(page)).toBe(document);
});

test('an app that does not route in place gets a new document, as before', async ({ page }) => {
  const first = await cashierAt(page, '/cashier/receipt');
  await openFromMenu(page, 'Cashier', 'Refunds');
  await expect(heading(page, '/cashier/refund')).toBeVisible();
  await appReady(activeFrame(page));
  expect(await loadedAt(page)).not.toBe(first);
  await expect(frames(page)).toHaveCount(2);
});

test('an app that stops answering gets a new document after the wait, and no more moves for the rest of the session', async ({ page }) => {
  const first = await cashierAt(page, '/dpos/orders');
  await activeFrame(page).getByRole('button', { name: 'Stop answering moves' }).click();
  await openFromMenu(page, 'Point of sale', 'Create order');
  await expect(page).toHaveURL('/dpos/create-order');
  // The runtime config's frames.navigateAnswerMs (1 s by default), then a new document at the route.
  await expect(heading(page, '/dpos/create-order')).toBeVisible();
  await appReady(activeFrame(page));
  const second = await loadedAt(page);
  expect(second).not.toBe(first);
  await expect(frames(page)).toHaveCount(1);
  // That new page would answer, but the app is not asked again: the next route is a new document too.
  await openFromMenu(page, 'Point of sale', 'Point-of-sale orders');
  await expect(heading(page, '/dpos/orders')).toBeVisible();
  await appReady(activeFrame(page));
  expect(await loadedAt(page)).not.toBe(second);
  await expect(frames(page)).toHaveCount(2);
  await expect(activeFrame(page).locator('#moves')).toHaveText('');
});

/** Names in the accessibility tree of the page, frames included (Chromium's, through the DevTools protocol). */
async function accessibleNames(cdp: CDPSession): Promise<string[]> {
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored?: boolean; name?: { value?: string } }[] };
  return nodes.filter((node) => !node.ignored).map((node) => String(node.name?.value ?? ''));
}

/** The person opens each route a few times (as over a working day), ending on `last`; then the page starts again there. */
async function openedBefore(page: Page, routes: [group: string, item: string, path: string][], last: string) {
  for (let round = 0; round < 2; round++) {
    for (const [group, item, path] of routes) {
      await openFromMenu(page, group, item);
      await expect(page).toHaveURL(path);
    }
  }
  await page.goto(last);
  await expectShell(page);
}

test('warm frames: the most opened apps load ahead hidden, out of reach of the keyboard and assistive technology, and count a page view only once shown', async ({ page }) => {
  await signIn(page, 'cashier', '/');
  await afterIdleTakenUp(page);
  await openedBefore(
    page,
    [
      ['Point of sale', 'Point-of-sale orders', '/dpos/orders'],
      ['Cashier', 'Receipts', '/cashier/receipt'],
    ],
    '/',
  );
  // After the first screen is idle the POS and finance apps load ahead (the desktop keeps up to 4 warm).
  const warm = page.locator('.frame-host iframe[hidden]');
  await expect(warm).toHaveCount(2);
  const pos = page.locator(`.frame-host iframe[src^="${appOrigin('pos')}/dpos/orders"]`);
  await expect(pos).toBeHidden();
  const posFrame = page.frames().find((frame) => frame.url().startsWith(`${appOrigin('pos')}/dpos/orders`))!;
  await expect(posFrame.locator('#visibility')).toHaveText('hidden');
  await expect(posFrame.locator('#loaded-at')).toHaveAttribute('datetime', /^\d{4}-/);
  // Loaded, yet no page view counted while it is not shown (the app's server counts them, per document:
  // tests on other workers count page views of the same app).
  const views = () =>
    posFrame.evaluate(async () => Number(await (await fetch(`/__sample/page-view?document=${document.getElementById('page-view')!.dataset.document}`)).text()));
  await page.waitForTimeout(500);
  await expect(posFrame.locator('#page-view')).toHaveText('');
  expect(await views()).toBe(0);
  // Not in the accessibility tree, not in the focus order.
  const cdp = await page.context().newCDPSession(page);
  const names = await accessibleNames(cdp);
  expect(names).toContain('To-do list');
  expect(names).not.toContain('Point-of-sale orders');
  expect(names.some((name) => name.startsWith('Path: /dpos') || name.startsWith('Path: /cashier'))).toBe(false);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let press = 0; press < 40; press++) {
    await page.keyboard.press('Tab');
    const url = await page.evaluate(() => (document.activeElement instanceof HTMLIFrameElement ? document.activeElement.src : ''));
    expect(url.startsWith(appOrigin('pos')) || url.startsWith(appOrigin('finance'))).toBe(false);
  }

  // A menu tap shows it at once, drawn; it is told, and counts its page view now.
  await openFromMenu(page, 'Point of sale', 'Point-of-sale orders');
  await expect(pos).toBeVisible();
  await expect(activeFrame(page).locator('#visibility')).toHaveText('visible');
  await expect(activeFrame(page).locator('#page-view')).toHaveText(/^\d+$/);
  expect(await views()).toBe(1);
  await expect(page.locator('.frame-host iframe')).toHaveCount(3);
  // Another route of that app moves the warm frame in place.
  const loaded = await loadedAt(page);
  await openFromMenu(page, 'Point of sale', 'Create order');
  await expect(heading(page, '/dpos/create-order')).toBeVisible();
  expect(await loadedAt(page)).toBe(loaded);
});

test('offline: only apps that work offline are warmed, and moving into one offline works', async ({ page, context }) => {
  // Online first: the POS's till and the ERP's to-do list are kept for offline use by their own workers;
  // the finance app (not offline) is opened most.
  await prepareOfflineUse(page, '/');
  await afterIdleTakenUp(page);
  await openedBefore(
    page,
    [
      ['Cashier', 'Receipts', '/cashier/receipt'],
      ['Cashier', 'Refunds', '/cashier/refund'],
      ['Point of sale', 'Create order', '/dpos/create-order'],
    ],
    '/dpos/create-order',
  );
  await expect(activeFrame(page).getByText('Available offline')).toBeVisible();

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  await expect(activeFrame(page).getByRole('heading', { name: 'To-do list' })).toBeVisible();
  // The POS is warmed; the finance app, opened more, is not (it does not work offline): apps are warmed
  // most opened first, one after another, so it would be there before the POS.
  await expect(page.locator(`.frame-host iframe[hidden][src^="${appOrigin('pos')}/dpos/create-order"]`)).toHaveCount(1);
  await expect(page.locator('.frame-host iframe')).toHaveCount(2);
  expect(await page.locator(`.frame-host iframe[src^="${appOrigin('finance')}"]`).count()).toBe(0);

  await openFromMenu(page, 'Point of sale', 'Create order');
  await expect(page).toHaveURL('/dpos/create-order');
  await expect(heading(page, '/dpos/create-order')).toBeVisible();
  await expect(activeFrame(page).getByRole('heading', { name: 'Sell' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page needs a connection' })).toHaveCount(0);
  await context.setOffline(false);
});
