import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { MISSING_CONFIG_PORT } from '../../playwright.config.ts';
import { expectShell, signIn, storeContext, useEnglish } from './support.ts';

test.describe('error pages', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
  });

  for (const [path, message] of [
    ['/403', 'You have no permission to access this page.'],
    ['/404', 'The page does not exist.'],
    ['/500', 'System error, please try again later.'],
  ] as const) {
    test(`${path} shows its message, goes home and logs out`, async ({ page }) => {
      await signIn(page, 'cashier', path);
      await expect(page.getByRole('heading', { name: message })).toBeVisible();
      await page.getByRole('button', { name: 'Back to home' }).click();
      await expect(page).toHaveURL('/');
      await page.goto(path);
      await page.getByRole('button', { name: 'Log out' }).click();
      // Logout ends the provider session: back on the portal, sign-in starts again at the login page.
      await expect(page.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible();
      expect(await page.evaluate(() => [localStorage.getItem('currentPlatform'), localStorage.getItem('currentSeller')])).toEqual([null, null]);
    });
  }

  test('an unmatched path goes to /404', async ({ page }) => {
    await signIn(page, 'cashier', '/no/such/page');
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { name: 'The page does not exist.' })).toBeVisible();
  });

  test('error pages have no serious or critical accessibility violations', async ({ page }) => {
    await signIn(page, 'cashier', '/404');
    for (const path of ['/403', '/404', '/500']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Back to home' })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious, JSON.stringify(serious.map((v) => [v.id, v.nodes.map((n) => n.target)]), null, 1)).toEqual([]);
    }
  });
});

test('the language choice is stored and survives a reload', async ({ page }) => {
  await signIn(page, 'cashier', '/404');
  await expect(page.getByRole('heading', { name: 'Trang không tồn tại.' })).toBeVisible();
  await page.getByRole('button', { name: 'Ngôn ngữ VI' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'The page does not exist.' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('localization'))).toBe('"en"');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'The page does not exist.' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown host shows the website-config-not-found page naming the host', async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  await page.goto(`http://unknown.localhost:${port}/`);
  await expect(page.getByRole('heading', { name: 'Không tìm thấy thông tin website' })).toBeVisible();
  await expect(page.getByText(`unknown.localhost:${port}`)).toBeVisible();
});

test('brand follows the host: title, favicon, logo and manifest name', async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  await signIn(page, 'cashier', `http://staff.portal.localhost:${port}/404`);
  await expect(page).toHaveTitle(/Đông Dương Staff Hub/);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/brand/dong-duong-favicon.svg');
  await expect(page.locator('.sidebar__logo img')).toHaveAttribute('src', '/brand/dong-duong-logo.svg');
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
    return (await fetch(href)).json() as Promise<{ name: string; start_url: string; icons: unknown[] }>;
  });
  expect(manifest.name).toBe('Đông Dương Staff Hub');
  expect(manifest.icons).toHaveLength(3);
});

test('the sidebar footer shows the app name and version', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, 'cashier');
  await expect(page.getByTestId('app-version')).toHaveText(/^Version \d+\.\d+\.\d+-[0-9a-z]+$/);
});

test('the sidebar is 270 px wide whatever its labels: opening every group of the longest menu moves nothing', async ({ page }) => {
  await useEnglish(page);
  await storeContext(page, { id: 1, name: 'Sàn Thương mại Việt' }, 2);
  await signIn(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toBeVisible();
  const sidebar = page.locator('.sidebar--pane');
  const frameLeft = () => page.locator('.shell-main').evaluate((main) => main.getBoundingClientRect().left);
  await expect.poll(() => sidebar.evaluate((element) => element.getBoundingClientRect().width)).toBe(270);
  const left = await frameLeft();
  const closed = nav.locator('button.menu__group[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  expect(await sidebar.evaluate((element) => element.getBoundingClientRect().width)).toBe(270);
  expect(await frameLeft()).toBe(left);
});

test('the sidebar collapse is stored locally', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, 'cashier');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toBeVisible();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(nav).toBeHidden();
  await page.reload();
  await expectShell(page).catch(() => undefined);
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test('at 360×640 nothing overflows, the sidebar is a drawer, touch targets are 48 px', async ({ page }) => {
    await useEnglish(page);
    await signIn(page, 'cashier', '/404');
    await expect(page.getByRole('heading', { name: 'The page does not exist.' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    for (const control of [toggle, page.getByRole('button', { name: 'Back to home' }), page.getByRole('button', { name: 'Log out' })]) {
      const box = await control.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(48);
      expect(box!.width).toBeGreaterThanOrEqual(48);
    }
    await toggle.click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });

  test('the platform and seller switches are readable on a phone: a row of their own, names not cut to nothing', async ({ page }) => {
    await useEnglish(page);
    await storeContext(page, { id: 1, name: 'Sàn Thương mại Việt' }, 2);
    await signIn(page, 'admin');
    await expectShell(page);
    for (const name of [/^Platform: /, /^Seller: /]) {
      const control = page.getByRole('button', { name });
      const box = (await control.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(await control.locator('span').last().evaluate((text) => text.getBoundingClientRect().width)).toBeGreaterThan(80);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('the service worker takes control and the shell reloads with the network cut', async ({ page, context }) => {
  await useEnglish(page);
  await signIn(page, 'cashier', '/404');
  await expect(page.getByRole('heading', { name: 'The page does not exist.' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'The page does not exist.' })).toBeVisible();
  await context.setOffline(false);
});

test('a missing runtime config shows the website-config-not-found page naming the file', async ({ page }) => {
  await page.goto(`http://localhost:${MISSING_CONFIG_PORT}/`);
  await expect(page.getByRole('heading', { name: 'Không tìm thấy thông tin website' })).toBeVisible();
  await expect(page.getByText('/config.json')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Thử lại' })).toBeVisible();
});
