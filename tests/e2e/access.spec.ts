import { expect, test, type Page } from '@playwright/test';
import { activeFrame, appReady, expectShell, signIn, storeContext, useEnglish } from './support.ts';

/** "Why can't I open this?" — the 403/404 pages, menu search and the access explorer explain. */

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

/** The decoded subject and body of a request-access link. */
async function mailOf(link: ReturnType<Page['getByRole']>) {
  const url = new URL((await link.getAttribute('href')) ?? '');
  return { to: url.pathname, subject: url.searchParams.get('subject') ?? '', body: url.searchParams.get('body') ?? '' };
}

test("the nosite user's 403 names the page and the site rule, and offers a request", async ({ page }) => {
  await signIn(page, 'nosite', '/warehousing/import/quality-control/inbound');
  await expect(page.getByRole('heading', { name: /no valid site id/ })).toBeVisible();
  const why = page.getByRole('region', { name: 'Why' });
  await expect(why.getByText('Page: Inbound quality control')).toBeVisible();
  await expect(why.getByRole('listitem')).toHaveText(['Your account has no valid site id to view this page.']);
  const mail = await mailOf(why.getByRole('link', { name: 'Request access' }));
  expect(mail.to).toBe('hotro@staff-portal.example');
  expect(mail.body).toContain('/warehousing/import/quality-control/inbound');
  expect(mail.body).toContain('Reasons: Needs a valid site');
  expect(mail.body).toContain('User id: staff-0011');
});

test("the guest's 403 names the missing permission and the request-access link carries it", async ({ page }) => {
  await signIn(page, 'guest', '/orders/seller');
  await expect(page).toHaveURL('/403');
  await expect(page.getByRole('heading', { name: 'You have no permission to access this page.' })).toBeVisible();
  const why = page.getByRole('region', { name: 'Why' });
  await expect(page.getByText('your account is missing the permission to read them')).toBeVisible();
  await expect(why.getByRole('list', { name: 'For support' }).getByRole('listitem')).toHaveText(['sellers:seller:read']);
  const mail = await mailOf(why.getByRole('link', { name: 'Request access' }));
  expect(mail.to).toBe('hotro@staff-portal.example');
  expect(mail.body).toContain('Missing permission (any one): sellers:seller:read');
  expect(mail.body).toContain('Address: /orders/seller');
  expect(mail.body).toContain('User id: staff-0008');
  expect(mail.body).not.toContain('Reasons:');
});

test('a route refused in the shell: 403 with its title, the permission keys and the request', async ({ page }) => {
  await signIn(page, 'cashier', '/warehousing/master-data/warehouses');
  await expect(page).toHaveURL('/403');
  const why = page.getByRole('region', { name: 'Why' });
  await expect(why.getByText('Page: Warehouses')).toBeVisible();
  await expect(why.getByRole('list', { name: 'For support' }).getByRole('listitem')).toHaveText(['warehouse:warehouse:read']);
  const mail = await mailOf(why.getByRole('link', { name: 'Request access' }));
  expect(mail.subject).toBe('Access request: Warehouses');
  expect(mail.body).toContain('Seller: Điện máy Đà Nẵng (2)');
  // A reload keeps the explanation (the address tried lives in the history entry).
  await page.reload();
  await expect(page.getByRole('region', { name: 'Why' }).getByText('Page: Warehouses')).toBeVisible();
});

test("the cashier's search for a warehouse page shows it dimmed with 'missing permission'", async ({ page }) => {
  await signIn(page, 'cashier');
  await expectShell(page);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search menu' });
  await dialog.getByRole('combobox', { name: 'Search menu' }).fill('warehouses');
  const closed = dialog.getByRole('listbox', { name: 'Pages you cannot open' });
  const option = closed.getByRole('option', { name: /^Warehouses/ });
  await expect(option).toHaveAttribute('aria-disabled', 'true');
  await expect(option).toHaveAccessibleDescription('Missing permission');
  const mail = await mailOf(option.getByRole('link', { name: 'Request access to Warehouses' }));
  expect(mail.body).toContain('warehouse:warehouse:read');
  // Admin-only and internal pages never show to others.
  await dialog.getByRole('combobox').fill('menu directory');
  await expect(dialog.getByText('No results found')).toBeVisible();
  // Keyboard: the arrows reach the closed pages below the normal results.
  await dialog.getByRole('combobox').fill('order');
  const first = dialog.getByRole('listbox', { name: 'Results' }).getByRole('option');
  const normal = await first.count();
  for (let i = 0; i < normal; i += 1) await page.keyboard.press('ArrowDown');
  const selected = dialog.getByRole('listbox', { name: 'Pages you cannot open' }).getByRole('option', { selected: true });
  await expect(selected).toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByRole('combobox')).toHaveAttribute('aria-activedescendant', (await selected.getAttribute('id')) ?? '');
});

test("offline, a non-offline route's 404 says 'not available offline'", async ({ page, context }) => {
  await signIn(page, 'cashier', '/dpos/create-order');
  await appReady(activeFrame(page));
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  await page.goto('/cashier/receipt');
  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { name: 'This page is not available offline.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Why' }).getByText('Page: Receipt')).toBeVisible();
  // An address that is no route at all stays a plain 404.
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'The page does not exist.' })).toBeVisible();
  await context.setOffline(false);
});

test('an admin-only page on another host: 404 saying it is only on the administration site', async ({ page }) => {
  await storeContext(page, { id: 1, name: 'Sàn Thương mại Việt' }, 2);
  await signIn(page, 'admin', '/internal/menu-directory');
  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { name: 'This page is only available on the administration site.' })).toBeVisible();
});

/** The sidebar menu with every group opened: [top-level name, child names]. */
async function sidebarMenu(page: Page): Promise<[string, string[]][]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const closed = menu.locator('button.menu__group[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return menu.locator('ul.menu').evaluate((list) =>
    [...list.children].map((item): [string, string[]] => [
      (item.querySelector('.menu__label')?.textContent ?? '').trim(),
      [...item.querySelectorAll('.menu__children .menu__label')].map((label) => (label.textContent ?? '').trim()),
    ]),
  );
}

test("the access explorer with the picker preset shows the picker's menu exactly as the picker sees it", async ({ page, browser, baseURL }) => {
  await signIn(page, 'picker');
  await expectShell(page);
  const pickerMenu = await sidebarMenu(page);
  expect(pickerMenu.length).toBeGreaterThan(1);

  const support = await browser.newContext();
  const admin = await support.newPage();
  await useEnglish(admin);
  await storeContext(admin, { id: 1, name: 'Sàn Thương mại Việt' }, 2);
  await signIn(admin, 'admin', `http://admin.portal.localhost:${new URL(baseURL!).port}/internal/access-explorer`);
  // The first visit of this host: its worker installs (the whole release) while the page asks for the
  // explorer's part; a loaded CI machine once took more than the default 10 s.
  await expect(admin.getByRole('heading', { level: 1, name: 'Access explorer' })).toBeVisible({ timeout: 20_000 });
  await admin.getByLabel('Demo user').selectOption('picker');
  await expect(admin.getByLabel('Permissions (one per line or a JSON array)')).toHaveValue(/warehouse:picking-process:update/);
  const explorerMenu = admin.getByRole('navigation', { name: /^Menu \(/ });
  const shown = await explorerMenu.locator(':scope > ul').evaluate((list) =>
    [...list.children].map((item): [string, string[]] => [
      (item.firstChild?.textContent ?? '').trim(),
      [...item.querySelectorAll('li')].map((child) => (child.textContent ?? '').trim()),
    ]),
  );
  expect(shown).toEqual(pickerMenu);

  // Filter by reason, with the count per reason; then by module.
  const reason = admin.getByLabel('Reason', { exact: true });
  const siteOption = reason.getByRole('option', { name: /^Needs a valid site \(\d+\)$/ });
  await expect(siteOption).toHaveText('Needs a valid site (0)');
  await admin.getByLabel('Has a valid site').uncheck();
  await expect(siteOption).not.toHaveText('Needs a valid site (0)');
  await reason.selectOption('site');
  const rows = admin.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Your account has no valid site id to view this page.');
  await admin.getByLabel('Module').selectOption({ label: 'Warehousing' });
  await expect(rows.filter({ hasText: '/warehousing/import/quality-control/inbound' })).toHaveCount(1);

  // A broken JSON array says what is wrong.
  await admin.getByLabel('Permissions (one per line or a JSON array)').fill('["sale-portal:order:read", ');
  await expect(admin.getByRole('alert')).toContainText('Not a list');
  await support.close();
});
