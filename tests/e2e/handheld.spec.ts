import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { darkShares } from '../../dev/testing/pixels.ts';
import { CATALOGUE } from '../../src/catalogue/index.ts';
import type { FlagrBatchAnswer, FlagrBatchRequest } from '../../src/api/types.ts';
import { flagValuesFrom } from '../../src/flags/flagr.ts';
import { createGatingContext } from '../../src/gating/context.ts';
import { allowedRoutes } from '../../src/gating/visibility.ts';
import { usesMobileView } from '../../src/navigation/route-options.ts';
import { activeFrame, appReady, expectShell, prepareOfflineUse, signIn, useEnglish } from './support.ts';

/** The installed portal on the phone profile (360×640, touch): Android's Back button, mobile-view routes, offline start. */
test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Opens a menu item from the drawer, as a thumb would. */
async function openFromDrawer(page: Page, group: string | null, item: string) {
  await page.getByRole('button', { name: 'Toggle sidebar' }).tap();
  if (group) {
    const groupButton = menu(page).getByRole('button', { name: group });
    if ((await groupButton.getAttribute('aria-expanded')) !== 'true') await groupButton.tap();
  }
  await menu(page).getByRole('link', { name: item, exact: true }).tap();
  // The drawer gets out of the way by itself once the portal moved.
  await expect(page.locator('ion-menu.show-menu')).toHaveCount(0);
}

/** What the shell shows: the address, the active menu item, and the page in the visible frame. */
async function expectShown(page: Page, path: string, frameHeading: RegExp) {
  await expect(page).toHaveURL(path);
  await expect(activeFrame(page).getByRole('heading', { name: frameHeading })).toBeVisible();
  // The drawer is closed (hidden from the accessibility tree): its DOM still marks the current item.
  const current = page.locator('.sidebar a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute('href', path.split('?')[0]!);
}

test('each Back returns to the previous route once, whatever moved the portal there, and Back on the start route leaves the app', async ({ page, context }) => {
  await signIn(page, 'cashier');
  await expectShell(page);
  // The installed app starts on its start_url, signed in: a fresh tab whose history holds only that.
  const app = await context.newPage();
  await app.goto('/');
  await expectShell(app);
  const startLength = await app.evaluate(() => history.length);
  await expectShown(app, '/', /^Path: \/$/);

  // 1. the menu
  await openFromDrawer(app, 'Cashier', 'Receipts');
  await expectShown(app, '/cashier/receipt', /Path: \/cashier\/receipt$/);
  // 2. a navigation inside the frame (a link of the embedded app), synced to the portal's address
  await appReady(activeFrame(app));
  await activeFrame(app).getByRole('link', { name: 'Next page' }).tap();
  await expectShown(app, '/cashier/receipt?page=2', /Path: \/cashier\/receipt\?page=2/);
  // 3. the menu again, then a route sync without a navigation in the frame
  await openFromDrawer(app, 'Point of sale', 'Point-of-sale orders');
  await expectShown(app, '/dpos/orders', /Path: \/dpos\/orders/);
  await appReady(activeFrame(app));
  await activeFrame(app).getByLabel('Route path').fill('/dpos/clone-order');
  await activeFrame(app).getByRole('button', { name: 'Sync route' }).tap();
  await expect(app).toHaveURL('/dpos/clone-order');
  // 4. back to a kept-alive frame through the menu
  await openFromDrawer(app, null, 'To-do list');
  await expectShown(app, '/', /^Path: \/$/);
  // One history entry per move: nothing from the frames.
  expect(await app.evaluate(() => history.length)).toBe(startLength + 5);

  // Android's Back: each press one route back, the menu and the frame following.
  await app.goBack();
  await expect(app).toHaveURL('/dpos/clone-order');
  await expect(app).toHaveTitle(/^Clone order/);
  await app.goBack();
  await expectShown(app, '/dpos/orders', /Path: \/dpos\/orders/);
  await app.goBack();
  await expectShown(app, '/cashier/receipt?page=2', /Path: \/cashier\/receipt\?page=2/);
  await app.goBack();
  await expectShown(app, '/cashier/receipt', /Path: \/cashier\/receipt$/);
  await app.goBack();
  await expectShown(app, '/', /^Path: \/$/);
  // On the start route Back leaves the app (in a tab: the page before it).
  await app.goBack();
  await expect(app).toHaveURL('about:blank');
});

/** The share of an element's pixels darker than mid-grey: an icon that paints nothing scores 0. */
async function darkShare(page: Page, element: Locator): Promise<number> {
  const box = (await element.boundingBox())!;
  const [share] = await darkShares(page, await element.screenshot(), [{ x: 0, y: 0, width: Math.floor(box.width), height: Math.floor(box.height) }]);
  return share!;
}

interface FixtureUser {
  username: string;
  claims: { roles: string[]; permissions: string[]; meta_data: { seller_id: string } };
}

test('the closed drawer does not load the brand logo: it loads when the drawer opens', async ({ page }) => {
  const imageRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') imageRequests.push(request.url());
  });
  await signIn(page, 'picker');
  await expectShell(page);
  const logo = page.locator('.sidebar__logo img');
  // An eager image asks for its source as soon as it is in the page; past the load event and the start's
  // idle work it would have loaded too.
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
  const source = await logo.evaluate((image: HTMLImageElement) => new URL(image.getAttribute('src')!, location.href).href);
  expect(imageRequests).not.toContain(source);
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete)).toBe(false);
  await page.getByRole('button', { name: 'Toggle sidebar' }).tap();
  await expect(page.getByRole('link', { name: /Home$/ })).toBeVisible();
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
});

test('every mobile-view route the picker may open fits a 360×640 handheld', async ({ page }) => {
  test.setTimeout(180_000);
  // The flags the shell itself got from the local flag service at sign-in decide which routes use the mobile view.
  const flagAnswer = page.waitForResponse((response) => response.url().endsWith('/api/v1/evaluation/batch') && response.ok());
  await signIn(page, 'picker', '/warehousing/import/quality-control/inbound');
  const answer = await flagAnswer;
  const flagKeys = (answer.request().postDataJSON() as FlagrBatchRequest).flagKeys;
  const flags = flagValuesFrom((await answer.json()) as FlagrBatchAnswer, flagKeys);
  const users = JSON.parse(readFileSync('dev/fixtures/users.json', 'utf8')) as FixtureUser[];
  const picker = users.find((user) => user.username === 'picker')!;
  const gating = createGatingContext({
    permissions: picker.claims.permissions,
    roles: picker.claims.roles,
    flags,
    isOfflineMode: false,
    isAdminDomain: false,
    environment: 'development',
    sellerId: Number(picker.claims.meta_data.seller_id),
    comboPromotionSellerIds: [],
    websiteIds: { web: null, app: null },
    // The picker has sites, and the local stack configures no seller-support rules for these routes.
    hasSite: true,
    sellerSupport: null,
  });
  const paths = [...new Set(allowedRoutes(CATALOGUE, gating).filter((route) => usesMobileView(route, flags)).map((route) => route.path))];
  expect(paths.length).toBeGreaterThanOrEqual(5);
  expect(paths).toContain('/warehousing/import/quality-control/inbound');

  const viewport = page.viewportSize()!;
  const shares: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    const back = page.getByRole('button', { name: 'Back' });
    await expect(back, path).toBeVisible();
    await appReady(activeFrame(page));

    // No horizontal scroll in the shell.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    // Every shell control at least 48×48.
    const controls = page.locator('button:visible, a[href]:visible, [role="button"]:visible, input:visible, select:visible');
    for (const control of await controls.all()) {
      const box = (await control.boundingBox())!;
      const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
      expect(Math.round(box.width), `${path}: ${name}`).toBeGreaterThanOrEqual(48);
      expect(Math.round(box.height), `${path}: ${name}`).toBeGreaterThanOrEqual(48);
    }
    // The bar (and page bar) leave at least 75 % of the height to the frame.
    const frame = (await page.locator('.frame-host iframe:not([hidden])').boundingBox())!;
    expect(frame.height / viewport.height, path).toBeGreaterThanOrEqual(0.75);
    expect(frame.width, path).toBe(viewport.width);
    shares.push(`${path}: ${((frame.width * frame.height * 100) / (viewport.width * viewport.height)).toFixed(1)} % of the screen`);
    // The back arrow paints (it was an empty 48 px square).
    expect(await darkShare(page, back), path).toBeGreaterThan(0.01);
    // axe on the shell (the embedded page is the app's own business).
    const axe = await new AxeBuilder({ page }).options({ iframes: false }).analyze();
    const serious = axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), path).toEqual([]);
  }
  test.info().annotations.push({ type: 'frame share (phone, mobile view)', description: shares.join('; ') });
  console.log(`[measure] frame share on mobile-view routes at 360×640: ${shares.join('; ')}`);
});

test('offline start on the phone: the first usable page, and how long it takes', async ({ page, context }) => {
  await prepareOfflineUse(page, '/');
  await context.setOffline(true);
  const started = Date.now();
  await page.goto('/');
  await expect(activeFrame(page).getByRole('heading', { name: 'To-do list' })).toBeVisible();
  const elapsed = Date.now() - started;
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  test.info().annotations.push({ type: 'offline start to the first usable page (phone)', description: `${elapsed} ms` });
  console.log(`[measure] offline start to the first usable page (phone, to-do list drawn in its frame): ${elapsed} ms`);
  await context.setOffline(false);
});
