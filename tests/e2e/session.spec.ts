import { expect, test, type Page, type Request } from '@playwright/test';
import { PROVIDER_DOWN_PORT } from '../../playwright.config.ts';
import { activeFrame, API, expectShell, signIn, useEnglish } from './support.ts';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

/** The next API call (to any endpoint) the page makes. */
const nextApiCall = (page: Page) => page.waitForRequest((request: Request) => request.url().startsWith(API) && request.method() !== 'OPTIONS');

test('an all-platform admin must choose a platform: blocking, paged with load-more, searchable', async ({ page }) => {
  await signIn(page, 'admin');
  const chooser = page.getByRole('dialog', { name: 'Choose platform' });
  await expect(chooser).toBeVisible();
  // Ionic puts the dialog role on the modal's shadow wrapper; the content is slotted into it, so it
  // is found from the page rather than under the dialog locator.
  await expect(page.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5); // the backdrop
  await expect(chooser).toBeVisible();

  const options = page.getByRole('list', { name: 'Choose platform' }).getByRole('button');
  await expect(options).toHaveCount(10);
  const firstPlatform = (await options.first().textContent()) ?? '';
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await loadMore.click();
  await expect(options).toHaveCount(20);
  await loadMore.click();
  await expect(options).toHaveCount(28);
  await expect(loadMore).toHaveCount(0); // all 28 loaded

  const search = page.getByRole('searchbox', { name: 'Search platforms' });
  await search.fill('hue');
  await expect(options).toHaveCount(1);
  // A cleared search starts again at the first page, not at the page loaded before the search.
  await search.fill('');
  await expect(options).toHaveCount(10);
  await expect(options.first()).toHaveText(firstPlatform);
  await expect(loadMore).toBeVisible();
  await loadMore.click();
  await expect(options).toHaveCount(20);
  await search.fill('hue');
  await expect(options).toHaveCount(1);
  await search.fill('');
  await expect(options).toHaveCount(10);
  await expect(options.first()).toHaveText(firstPlatform);

  await search.fill('da nang');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('Đà Nẵng');
  await options.first().click();

  // Platform chosen and stored; an all-seller admin then chooses a seller; inactive ones are struck through.
  await expect(page.getByRole('dialog', { name: 'Choose seller' })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('currentPlatform'))) ?? 'null')).toMatchObject({ id: 3 });
  await page.getByRole('searchbox', { name: 'Search by seller name or id' }).fill('143');
  const sellers = page.getByRole('list', { name: 'Choose seller' }).getByRole('button');
  await expect(sellers).toHaveCount(1);
  await expect(sellers.first()).toContainText('inactive');
  await expect(sellers.first().locator('.chooser__name')).toHaveCSS('text-decoration-line', 'line-through');
});

test('a single-seller cashier lands straight in the shell, every call carrying the seller', async ({ page }) => {
  const call = nextApiCall(page);
  await signIn(page, 'cashier');
  await expectShell(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Seller:/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Platform:/ })).toHaveCount(0);
  const request = await call;
  expect(request.headers().authorization).toMatch(/^Bearer \S+/);
  await expect(activeFrame(page).getByRole('heading', { name: 'To-do list' })).toBeVisible();
});

test('a multi-seller accountant chooses a seller by unaccented name or by id', async ({ page }) => {
  await signIn(page, 'accountant');
  await expect(page.getByRole('list', { name: 'Choose platform' }).getByRole('button')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // Platform 2 holds two of the accountant's sellers (18 and 205).
  await page.getByRole('button', { name: /Chuỗi Bán lẻ Đông Dương/ }).click();

  await expect(page.getByRole('dialog', { name: 'Choose seller' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search by seller name or id' });
  const options = page.getByRole('list', { name: 'Choose seller' }).getByRole('button');
  await expect(options).toHaveCount(2);
  await search.fill('  18 ');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('Đinh Lễ');
  await search.fill('ca phe buon ma thuot dak lak');
  await expect(options).toHaveCount(1);
  await expect(options.first().getByRole('img')).toHaveCount(0); // decorative; the default logo stands in
  await expect(options.first().locator('img')).toHaveAttribute('src', '/icons/default-seller.svg');
  await options.first().click();

  await expectShell(page);
  await expect(page.getByRole('button', { name: 'Seller: Cà phê BMT' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('currentSeller'))).toBe('205');
});

test('an accountant with one seller on the chosen platform gets it without choosing', async ({ page }) => {
  await signIn(page, 'accountant');
  await page.getByRole('button', { name: /Sàn Thương mại Việt/ }).click();
  await expectShell(page);
  await expect(page.getByRole('dialog', { name: 'Choose seller' })).toHaveCount(0);
});

test('switching seller stores it, reloads, and the next calls carry the new X-Seller-Id', async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('currentPlatform')) localStorage.setItem('currentPlatform', JSON.stringify({ id: 2, name: 'Chuỗi Bán lẻ Đông Dương' }));
    if (!localStorage.getItem('currentSeller')) localStorage.setItem('currentSeller', '18');
  });
  await signIn(page, 'accountant');
  await expectShell(page);
  await page.getByRole('button', { name: /^Seller:/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose seller' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by seller name or id' }).fill('205');
  const reload = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  const call = page.waitForRequest((request) => request.url().startsWith(API) && request.headers()['x-seller-id'] === '205');
  await page.getByRole('list', { name: 'Choose seller' }).getByRole('button').first().click();
  await reload;
  await call;
  expect(await page.evaluate(() => localStorage.getItem('currentSeller'))).toBe('205');
});

test('an account with no valid seller sees the support contact of its host', async ({ page, baseURL }) => {
  await signIn(page, 'noseller');
  await expect(page.getByRole('heading', { name: /no valid seller or site/ })).toContainText('hotro@staff-portal.example');
  await expect(page.getByRole('link', { name: 'hotro@staff-portal.example' })).toHaveAttribute('href', 'mailto:hotro@staff-portal.example');
  const port = new URL(baseURL!).port;
  // Another brand's host: the provider session carries the user through without a new login.
  await page.goto(`http://staff.portal.localhost:${port}/`);
  await expect(page.getByRole('link', { name: 'hotro@dongduong.example' })).toBeVisible();
});

test('a site changed in another tab is detected when this tab becomes visible', async ({ page, context }) => {
  await signIn(page, 'picker');
  await expectShell(page);
  const other = await context.newPage();
  await other.goto('/');
  await expectShell(other);
  await other.evaluate(() => localStorage.setItem('currentSite', '103'));
  await page.bringToFront();
  const dialog = page.getByRole('alertdialog');
  // Each time the tab is shown it looks; the browser may report the tab visible a moment after bringToFront.
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(dialog).toContainText('switched to another site', { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  const reload = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await reload;
});

test('a session that cannot be renewed shows the session-expired dialog; OK signs in again', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'shortsession');
  await expectShell(page);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Your session has expired. Click OK to reload.', { timeout: 40_000 });
  const reload = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await reload;
  // The user was forgotten: a fresh sign-in (through the provider's own session) starts over, and
  // the test ends on its shell, not in the middle of the redirects (closing a context mid-navigation
  // has hung Chromium's teardown here).
  await expect(dialog).toHaveCount(0);
  await expectShell(page);
});

test('an API 401 signs the user out', async ({ page }) => {
  await signIn(page, 'cashier');
  await expectShell(page);
  // The API no longer accepts the token (as after a key rotation). A start renews the token behind
  // the shell first, so the answer is forced here rather than by spoiling the stored token.
  await page.context().route(`${API}/**`, (route) =>
    route.request().method() === 'OPTIONS'
      ? route.continue()
      : route.fulfill({ status: 401, headers: { 'access-control-allow-origin': '*' }, json: { code: 40104, message: 'The access token belongs to no known user' } }),
  );
  await page.reload();
  // A chain of three pages and five provider round trips (the start, its calls renewed once and
  // refused again, the provider's logout, the portal once more, the provider's form): about 4 s on
  // an idle machine, so a loaded CI machine gets more than the default 10 s.
  await expect(page.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible({ timeout: 25_000 });
});

test('an API 403 goes to the permission-denied page', async ({ page }) => {
  const flagRequests: string[] = [];
  page.on('request', (request) => request.url().includes('/api/v1/evaluation/batch') && flagRequests.push(request.url()));
  await signIn(page, 'guest');
  await expect(page).toHaveURL('/403');
  await expect(page.getByRole('heading', { name: 'You have no permission to access this page.' })).toBeVisible();
  // The flag service's 403 is final: not asked three more times while the start waits (shell.md §9's
  // retries are for failures that may pass).
  expect(flagRequests).toHaveLength(1);
});

test('an API 500 shows an Error notification with the server message', async ({ page }) => {
  await signIn(page, 'sellerdown');
  const toast = page.locator('ion-toast');
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText(/seller/i);
  await expect(page.getByRole('heading', { name: 'Could not load seller data, please try again later.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('with the flag service down the shell still loads, flags empty', async ({ page }) => {
  await signIn(page, 'flagsdown');
  await expectShell(page);
  await expect(activeFrame(page).getByRole('heading', { name: 'To-do list' })).toBeVisible();
});

test('a sign-in answer that does not match (state mismatch) shows a clear page and a retry, never a loop', async ({ page }) => {
  await page.goto('/callback?code=forged&state=unknown');
  await expect(page.getByRole('heading', { name: 'Sign-in could not be completed' })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/\/callback\?/); // stays: no redirect loop
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible();
});

test('an identity provider that is down shows a clear page with a retry', async ({ page }) => {
  await page.goto(`http://localhost:${PROVIDER_DOWN_PORT}/orders/seller`);
  await expect(page.getByRole('heading', { name: 'The sign-in service cannot be reached' })).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await retry.click();
  await expect(page.getByRole('heading', { name: 'The sign-in service cannot be reached' })).toBeVisible();
  await expect(page).toHaveURL(`http://localhost:${PROVIDER_DOWN_PORT}/orders/seller`);
});

test('every API response time is counted in its bucket and reaches the collector', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'cashier');
  await expectShell(page);
  // The tracker sends a batch every 10 seconds.
  await page.waitForTimeout(11_000);
  const tracked = await page.evaluate(async (api) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
    const token = JSON.parse(localStorage.getItem(key)!).access_token as string;
    const response = await fetch(`${api}/api/v1/tracking/events`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as { data: { responseTimes: { method: string; path: string; bucket: string; count: number }[] } };
  }, API);
  const paths = tracked.data.responseTimes.map((entry) => `${entry.method} ${entry.path}`);
  expect(paths).toEqual(expect.arrayContaining(['GET /api/v1/seller-list', 'GET /api/v1/sites/user', 'POST /api/v1/evaluation/batch']));
  for (const entry of tracked.data.responseTimes) expect(['200', '500', '800', '1000', '1500', '2000', '3000', '4000', '5000', '8000', '10000', '>10000']).toContain(entry.bucket);
});
