import { expect, test, type Page } from '@playwright/test';
import { activeFrame, activeFrameHandle, appOrigin, appReady, expectShell, signIn, STACK_PORTS, storeContext, useEnglish } from './support.ts';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function openFromMenu(page: Page, group: string, item: string) {
  const groupButton = menu(page).getByRole('button', { name: group });
  if ((await groupButton.getAttribute('aria-expanded')) !== 'true') await groupButton.click();
  await menu(page).getByRole('link', { name: item, exact: true }).click();
}

test.describe('frame messages', () => {
  test('route sync to a known path follows in the address bar without reloading the frame; unknown paths are ignored', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await signIn(page, 'cashier', '/dpos/orders');
    const frame = activeFrame(page);
    await appReady(frame);
    const loadedAt = await frame.locator('#loaded-at').getAttribute('datetime');

    await frame.getByLabel('Route path').fill('/dpos/clone-order');
    await frame.getByRole('button', { name: 'Sync route' }).click();
    await expect(page).toHaveURL('/dpos/clone-order');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Clone order');
    await expect(frame.locator('#loaded-at')).toHaveAttribute('datetime', loadedAt!);

    await frame.getByLabel('Route path').fill('/no/such/page');
    await frame.getByRole('button', { name: 'Sync route' }).click();
    await expect.poll(() => warnings.some((text) => text.includes('invalid route address') && text.includes('/no/such/page'))).toBe(true);
    await expect(page).toHaveURL('/dpos/clone-order');

    await frame.getByLabel('Route path').fill('javascript:alert(1)');
    await frame.getByRole('button', { name: 'Sync route' }).click();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL('/dpos/clone-order');
  });

  test('start-edit guards leaving with a prompt, end-edit frees it', async ({ page }) => {
    await signIn(page, 'cashier', '/dpos/orders');
    const frame = activeFrame(page);
    await appReady(frame);
    await frame.getByRole('button', { name: 'Start editing' }).click();

    await openFromMenu(page, 'Cashier', 'Receipts');
    const prompt = page.getByRole('alertdialog');
    await expect(prompt).toContainText('Changes will not be saved. Do you want to leave this page?');
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL('/dpos/orders');

    // The browser's own unload prompt while editing.
    const unload = page.waitForEvent('dialog');
    // Staying cancels the reload: its promise never settles, so it is not awaited.
    page.reload().catch(() => undefined);
    const dialog = await unload;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();

    await frame.getByRole('button', { name: 'End editing' }).click();
    await openFromMenu(page, 'Cashier', 'Receipts');
    await expect(page).toHaveURL('/cashier/receipt');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('the back button while editing asks too, and leaving goes back', async ({ page }) => {
    await signIn(page, 'cashier', '/dpos/orders');
    await openFromMenu(page, 'Cashier', 'Receipts');
    await expect(page).toHaveURL('/cashier/receipt');
    await appReady(activeFrame(page));
    await activeFrame(page).getByRole('button', { name: 'Start editing' }).click();
    await page.goBack();
    const prompt = page.getByRole('alertdialog');
    await expect(prompt).toBeVisible();
    await expect(page).toHaveURL('/cashier/receipt');
    await prompt.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL('/dpos/orders');
  });

  test('a logout message from a frame logs out', async ({ page }) => {
    await signIn(page, 'cashier');
    await appReady(activeFrame(page));
    await activeFrame(page).getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible();
  });

  test('the user-data handshake answers our frame on the sign-in domain', async ({ page }) => {
    await signIn(page, 'cashier');
    const frame = activeFrame(page);
    await appReady(frame);
    await frame.getByRole('button', { name: 'Request user data' }).click();
    await expect(frame.getByText('Signed-in user: Trần Thị Thu Ngân')).toBeVisible();
  });

  test('the handshake: an app learns the shell’s protocol version and what it offers the frame', async ({ page }) => {
    await signIn(page, 'cashier', '/dpos/orders');
    await expect(activeFrame(page).getByText('Shell protocol 2; offers: outbox, session-end, navigate, visibility')).toBeVisible();
  });

  for (const host of ['evil.localhost', 'evilportal.localhost']) {
    test(`a hostile page on ${host} in our frame is ignored`, async ({ page }) => {
      await signIn(page, 'cashier', '/dpos/orders');
      await expect(activeFrame(page).getByRole('heading', { name: /Path: \/dpos\/orders/ })).toBeVisible();
      const frame = await activeFrameHandle(page);
      await frame.goto(`http://${host}:${STACK_PORTS.apps}/?send=all&path=/cashier/receipt`);
      await expect(frame.getByRole('heading', { level: 1 })).toContainText(/hostile/i);
      await page.waitForTimeout(1000);
      await expect(page).toHaveURL('/dpos/orders'); // no route sync
      await expectShell(page); // no logout
      await expect(frame.locator('body')).not.toContainText('Trần Thị Thu Ngân'); // no user data
      await expect(frame.locator('#received')).not.toContainText('welcome'); // its hello is not answered
    });
  }
});

test('window.name carries the settings and no access, refresh or ID token', async ({ page }) => {
  await signIn(page, 'cashier', '/cashier/receipt');
  await expect(activeFrame(page).getByRole('heading', { name: /Path: \/cashier\/receipt/ })).toBeVisible();
  const frame = await activeFrameHandle(page);
  const name = await frame.evaluate(() => window.name);
  expect(name).not.toMatch(/access_?token|refresh_?token|id_?token|eyJ/i);
  const settings = JSON.parse(name);
  // shell.md §2 lists the push token: present, empty where push is off (as here).
  expect(settings.pushToken).toBe('');
  expect(settings).toMatchObject({
    language: 'en',
    platformId: 1,
    numberDisplayFormat: { thousandSeparator: '.', decimalSeparator: ',' },
    seller: { id: 2 },
    site: { id: 104 },
    parentOrigin: new URL(page.url()).origin,
    clientId: 'staff-portal',
    oauthDomain: 'portal.localhost',
    isAdminDomain: false,
    isMobileView: false,
    title: 'Receipts',
    isOnlineMode: true,
    trackerAppId: 'staff-portal-local',
  });
  await expect(page.locator('.frame-host iframe:not([hidden])')).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(page.locator('.frame-host iframe:not([hidden])')).not.toHaveAttribute('sandbox', /allow-top-navigation/);
});

test('going back to a kept-alive frame shows it again without reloading it', async ({ page }) => {
  let erpLoads = 0;
  page.on('request', (request) => request.isNavigationRequest() && request.url().startsWith(appOrigin('erp')) && erpLoads++);
  await signIn(page, 'cashier');
  const home = activeFrame(page);
  await expect(home.getByRole('heading', { name: 'To-do list' })).toBeVisible();
  // The app counts its page view once shown (a request of its own): wait for the count.
  await expect(home.locator('#page-view')).toHaveText(/^\d+$/);
  const views = await home.locator('#page-view').textContent();
  expect(erpLoads).toBe(1);

  await openFromMenu(page, 'Cashier', 'Receipts');
  await expect(activeFrame(page).getByRole('heading', { name: /Path: \/cashier\/receipt/ })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(activeFrame(page).getByRole('heading', { name: 'To-do list' })).toBeVisible();
  await expect(activeFrame(page).locator('#page-view')).toHaveText(views!);
  expect(erpLoads).toBe(1);
  await expect(page.locator('.frame-host iframe')).toHaveCount(2);
});

test('the menu shows what each user’s permissions allow', async ({ page, browser }) => {
  await signIn(page, 'cashier');
  await expect(menu(page).getByRole('button', { name: 'Cashier' })).toBeVisible();
  await expect(menu(page).getByRole('button', { name: 'Point of sale' })).toBeVisible();
  await expect(menu(page).getByRole('button', { name: 'Warehousing' })).toHaveCount(0);

  const other = await browser.newPage();
  await useEnglish(other);
  await signIn(other, 'picker');
  await expect(menu(other).getByRole('button', { name: 'Warehousing' })).toBeVisible();
  await expect(menu(other).getByRole('button', { name: 'Cashier' })).toHaveCount(0);
  await other.close();
});

test('Ctrl+K finds a menu item by unaccented text and opens it by keyboard alone', async ({ page }) => {
  await useEnglish(page);
  await page.addInitScript(() => localStorage.setItem('localization', '"vi"'));
  await signIn(page, 'cashier');
  await expectShell(page);
  await page.keyboard.press('Control+K');
  const dialog = page.getByRole('dialog', { name: 'Tìm trong menu' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type('don hang tai quay');
  const options = dialog.getByRole('option');
  await expect(options.first()).toContainText('Đơn hàng tại quầy');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dpos/orders');
  await expect(dialog).toBeHidden();

  await page.keyboard.press('Control+K');
  await page.keyboard.type('zzzz');
  await expect(dialog.getByRole('status')).toHaveText('Không tìm thấy kết quả');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('an external menu item opens in a new tab with the user and seller ids', async ({ page, context }) => {
  await storeContext(page, { id: 1, name: 'Sàn Thương mại Việt' }, 2);
  await signIn(page, 'admin');
  await expectShell(page);
  const popup = context.waitForEvent('page');
  await menu(page).getByRole('button', { name: 'Products' }).click();
  // External items are buttons that open a tab; their name says so.
  await menu(page).getByRole('button', { name: 'Product variants (opens in a new tab)' }).click();
  const tab = await popup;
  await tab.waitForLoadState();
  const url = new URL(tab.url());
  expect(url.origin).toBe(appOrigin('seller-center'));
  expect(url.searchParams.get('userId')).toBe('staff-0001');
  expect(url.searchParams.get('sellerId')).toBe('2');
  // Opened by address, the same route leaves the portal in this tab.
  await page.goto('/products/product-variants');
  await page.waitForURL((next) => next.origin === appOrigin('seller-center'));
});

test('dashboards get standalone=2, the client id and the sign-in domain', async ({ page }) => {
  await storeContext(page, { id: 1, name: 'Sàn Thương mại Việt' }, 2);
  await signIn(page, 'admin', '/reports/v2/operation');
  const src = await page.locator('.frame-host iframe:not([hidden])').getAttribute('src');
  const url = new URL(src!);
  expect(url.searchParams.get('standalone')).toBe('2');
  expect(url.searchParams.get('clientId')).toBe('staff-portal');
  expect(url.searchParams.get('oauthDomain')).toBe('portal.localhost');
});

test('the user guide opens in a 1000 px popup and Contact Support in a 450 px modal frame', async ({ page }) => {
  await storeContext(page, { id: 1, name: 'Sàn Thương mại Việt' }, 2);
  await signIn(page, 'admin', '/customer-management');
  await page.getByRole('button', { name: 'User guide' }).click();
  const guide = page.getByRole('dialog', { name: 'User guide' });
  await expect(guide).toBeVisible();
  expect((await guide.boundingBox())!.width).toBe(1000);
  await expect(guide.frameLocator('iframe').getByRole('heading', { name: /Path: \/guides\/seller-center\/customer-management/ })).toBeVisible();
  await guide.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Contact support' }).click();
  const support = page.getByRole('dialog', { name: 'Contact support' });
  expect((await support.boundingBox())!.width).toBe(450);
  await expect(support.frameLocator('iframe').getByRole('heading', { name: /Path: \/support/ })).toBeVisible();
  const settings = JSON.parse(await (await (await support.locator('iframe').elementHandle())!.contentFrame())!.evaluate(() => window.name));
  expect(settings).toMatchObject({ language: 'en', platformId: 1, seller: { id: 2 }, title: 'Contact support', serviceIds: [] });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test('a mobile-view route fills the screen with a back button and tells the frame', async ({ page }) => {
    await signIn(page, 'picker', '/warehousing/import/quality-control/inbound');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbound quality control' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    const frame = await activeFrameHandle(page);
    expect(JSON.parse(await frame.evaluate(() => window.name))).toMatchObject({ isMobileView: true, backIcon: true, site: { id: 101 } });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // This route has no site switch; internal stock movement has (showSiteSwitch): the full-screen bar
    // keeps it, with the site's name.
    await expect(page.getByRole('button', { name: /^Site: / })).toHaveCount(0);
    await page.goto('/warehousing/internal-stock-movement');
    await expect(page.getByRole('heading', { level: 1, name: 'Internal stock movement' })).toBeVisible();
    const site = page.getByRole('button', { name: 'Site: Kho Tổng Đông Anh' });
    await expect(site).toBeVisible();
    expect(await site.locator('.header-switch__name').evaluate((name) => name.getBoundingClientRect().width)).toBeGreaterThan(40);
    await site.click();
    await page.getByRole('menuitemradio', { name: 'Kho Cần Thơ' }).click();
    await expect(page.getByRole('button', { name: 'Site: Kho Cần Thơ' })).toBeVisible();
    // The choice reloads the portal (shell.md §4): the new frame is told the new site.
    const siteOfFrame = async () => {
      try {
        return (JSON.parse(await (await activeFrameHandle(page)).evaluate(() => window.name)) as { site?: { id: number } }).site?.id;
      } catch {
        return null; // the page was reloading
      }
    };
    await expect.poll(siteOfFrame).toBe(103);
  });
});

test('a route needing a site id shows the 403 page with the no-valid-site message to an account without one', async ({ page }) => {
  await signIn(page, 'nosite', '/warehousing/import/quality-control/inbound');
  await expect(page.getByRole('heading', { name: /no valid site id/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to home' })).toBeVisible();
});

test.describe('seller support', () => {
  test('an invoice route for an unsupported seller offers the supported sellers; cancel goes home', async ({ page }) => {
    await storeContext(page, { id: 2, name: 'Chuỗi Bán lẻ Đông Dương' }, 205);
    await signIn(page, 'accountant', '/reports/accounting/vat-out-report');
    const dialog = page.getByRole('dialog', { name: 'Seller not supported' });
    await expect(dialog).toContainText('This feature is not supported for the current seller');
    await expect(dialog.getByRole('button', { name: /Đinh Lễ/ })).toBeVisible();
    await expect(page.locator('.frame-host')).toBeHidden();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/reports/accounting/vat-out-report');
    const reload = page.waitForEvent('load');
    await page.getByRole('dialog', { name: 'Seller not supported' }).getByRole('button', { name: /Đinh Lễ/ }).click();
    await reload;
    expect(await page.evaluate(() => localStorage.getItem('currentSeller'))).toBe('18');
    await expect(activeFrame(page).getByRole('heading', { name: /vat-out-report/ })).toBeVisible();
  });

  test('with no supported seller authorised only a notice with Back shows', async ({ page }) => {
    await storeContext(page, { id: 3, name: 'Siêu thị Điện tử Đà Nẵng' }, 143);
    await signIn(page, 'accountant', '/reports/accounting/vat-out-report');
    const dialog = page.getByRole('dialog', { name: 'Seller not supported' });
    await expect(dialog).toContainText('None of your sellers supports this feature.');
    await expect(dialog.getByRole('button')).toHaveText(['Back']);
  });

  test('a group-only report asks to switch to the group parent seller; No goes home', async ({ page }) => {
    await storeContext(page, { id: 1, name: 'Sàn Thương mại Việt' }, 2);
    await signIn(page, 'admin', '/reports/business/sellout-report');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('only for the group seller');
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a group-only report without the parent seller shows the invalid-seller state with the contact', async ({ page }) => {
    await storeContext(page, { id: 2, name: 'Chuỗi Bán lẻ Đông Dương' }, 18);
    await signIn(page, 'accountant', '/reports/accounting/debt-report');
    await expect(page.getByRole('heading', { name: 'The seller information is invalid.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'hotro@staff-portal.example' })).toHaveAttribute('href', 'mailto:hotro@staff-portal.example');
  });
});

test('admin-only groups exist only on an admin domain; /menu-tracking leads to the menu directory there', async ({ page, baseURL }) => {
  await storeContext(page, { id: 1, name: 'Sàn Thương mại Việt' }, 2);
  await signIn(page, 'admin', '/menu-tracking');
  await expect(page).toHaveURL('/404');
  await expect(menu(page).getByRole('button', { name: 'System administration' })).toHaveCount(0);

  const admin = `http://admin.portal.localhost:${new URL(baseURL!).port}`;
  await page.goto(`${admin}/menu-tracking`);
  await page.waitForURL(`${admin}/internal/menu-directory`);
  await expect(menu(page).getByRole('button', { name: 'System administration' })).toBeVisible();
  await expect(activeFrame(page).getByRole('heading', { name: /Path: \/internal\/menu-directory/ })).toBeVisible();
});

test('flags shape the header: the survey link shows on its route, Contact Support can be hidden', async ({ page, browser }) => {
  // show-survey-link is on for platform 1 (dev/fixtures/flags.json).
  await signIn(page, 'cashier', '/dpos/create-order');
  const survey = page.getByRole('link', { name: 'Give feedback on the sales screen' });
  await expect(survey).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('button', { name: 'Contact support' })).toBeVisible();

  // hide-contact-support-button is on for seller 18.
  const other = await browser.newPage();
  await useEnglish(other);
  await storeContext(other, { id: 2, name: 'Chuỗi Bán lẻ Đông Dương' }, 18);
  await signIn(other, 'accountant');
  await expectShell(other);
  await expect(other.getByRole('button', { name: 'Contact support' })).toHaveCount(0);
  await other.close();
});

test('a modal menu item opens its page in a modal frame', async ({ page }) => {
  await signIn(page, 'cashier');
  await menu(page).getByRole('button', { name: 'Cashier' }).click();
  await menu(page).getByRole('button', { name: 'End shift history' }).click();
  const dialog = page.getByRole('dialog', { name: 'End shift history' });
  await expect(dialog.frameLocator('iframe').getByRole('heading', { name: /Path: \/cashier\/finance\/end-shift-history/ })).toBeVisible();
  await expect(page).toHaveURL('/');
  // Its page gets the shell's settings like any embedded page (shell.md §2), never a token.
  const name = await (await (await dialog.locator('iframe').elementHandle())!.contentFrame())!.evaluate(() => window.name);
  expect(name).not.toMatch(/access_?token|refresh_?token|id_?token|eyJ/i);
  expect(JSON.parse(name)).toMatchObject({ language: 'en', platformId: 1, seller: { id: 2 }, site: { id: 104 }, title: 'End shift history', isMobileView: false, isOnlineMode: true });
});
