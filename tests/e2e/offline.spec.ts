import { expect, test, type Page } from '@playwright/test';
import { activeFrame, appReady, expectShell, signIn, useEnglish } from './support.ts';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

/** Waits until the portal's service worker controls the page (it claims the page on first install). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** Signs in online and opens the POS create-order page once, so both the portal and the POS app can work offline. */
async function prepareOfflineUse(page: Page) {
  await signIn(page, 'cashier', '/dpos/create-order');
  await appReady(activeFrame(page));
  await expect(activeFrame(page).getByText('Available offline')).toBeVisible();
  await controlledByServiceWorker(page);
}

test('with no network a signed-in user lands in the offline shell from the cache and can use the POS', async ({ page, context }) => {
  await prepareOfflineUse(page);
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'To-do list' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Cashier' })).toHaveCount(0);
  await menu.getByRole('button', { name: 'Point of sale' }).click();
  await expect(menu.getByRole('link')).toHaveText(['To-do list', 'Create order']); // order result: by address only
  await expect(page.getByRole('button', { name: /^(Seller|Platform|Site):/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Contact support' })).toHaveCount(0);

  await menu.getByRole('link', { name: 'Create order' }).click();
  await expect(page).toHaveURL('/dpos/create-order');
  const pos = activeFrame(page);
  await expect(pos.getByRole('heading', { name: /Path: \/dpos\/create-order/ })).toBeVisible();
  await expect(pos.getByText('Available offline')).toBeVisible();
  expect(JSON.parse(await page.locator('.frame-host iframe:not([hidden])').getAttribute('name') ?? '{}')).toMatchObject({ isOnlineMode: false });

  // The order-result route works offline too (the POS answers it from its own cache once visited).
  await page.goto('/dpos/order-result');
  await expect(page.locator('.frame-host iframe:not([hidden])')).toHaveAttribute('src', /\/dpos\/order-result$/);

  // A page that does not work offline is not there for this user now.
  await page.goto('/cashier/receipt');
  await expect(page).toHaveURL('/404');
  await context.setOffline(false);
});

test('when the connection returns a notice shows and a blocking dialog offers online mode', async ({ page, context }) => {
  await prepareOfflineUse(page);
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  await context.setOffline(false);
  await expect(page.locator('ion-toast')).toContainText('The internet connection is back.');
  const dialog = page.getByRole('alertdialog');
  await expect(page.getByText('Switch back to online mode', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible(); // blocking
  const reload = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Switch to online mode' }).click();
  await reload;
  expect(await page.evaluate(() => localStorage.getItem('isOnlineMode'))).toBe('true');
  await expectShell(page);
  await expect(page.getByRole('note')).toHaveText('DEV');
});

test('a stored mode that differs from connectivity at start asks to switch', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('isOnlineMode', 'false'));
  await page.goto('/');
  // Ionic draws the alert's text in its shadow tree: it is found by text from the page.
  await expect(page.getByText('The internet connection is available. Switch back to online mode')).toBeVisible();
  await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Stay in offline mode' })).toBeVisible();
  await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Switch to online mode' })).toBeVisible();
});

test.describe('IndexedDB cache', () => {
  test('a corrupt record is discarded: offline it reads as absent, online it is written again', async ({ page, context }) => {
    await prepareOfflineUse(page);
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('staff-portal-cache');
          open.onsuccess = () => {
            const tx = open.result.transaction('records', 'readwrite');
            tx.objectStore('records').put({ name: 'user', value: { sub: 42, roles: 'not a list' }, savedAt: 'yesterday' });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    await context.setOffline(true);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Offline mode needs one online sign-in/ })).toBeVisible();
    await context.setOffline(false);
    await page.evaluate(() => localStorage.setItem('isOnlineMode', 'true'));
    await page.goto('/');
    await expectShell(page);
    await page.evaluate(() => localStorage.removeItem('isOnlineMode'));
    await context.setOffline(true);
    await page.goto('/');
    await expect(page.getByRole('note')).toHaveText('Offline Mode');
    await context.setOffline(false);
  });

  test('an old tab lets a newer schema upgrade proceed (blocking), and the shell keeps working', async ({ page, context }) => {
    await signIn(page, 'cashier');
    await expectShell(page);
    const other = await context.newPage();
    await other.goto('/404');
    const upgraded = await other.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const request = indexedDB.open('staff-portal-cache', 99);
          request.onupgradeneeded = () => undefined;
          request.onsuccess = () => {
            const version = request.result.version;
            request.result.close();
            resolve(version);
          };
          request.onerror = () => reject(request.error);
          request.onblocked = () => reject(new Error('blocked: the old tab did not close its connection'));
        }),
    );
    expect(upgraded).toBe(99);
    // The first tab goes on working (its cache falls back to memory).
    await page.getByRole('button', { name: /^Account:/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  });

  test('a full storage quota is reported and the shell keeps working', async ({ page, context, baseURL }) => {
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin, quotaSize: 1 });
    await signIn(page, 'cashier');
    await expectShell(page);
    await expect(activeFrame(page).getByRole('heading', { name: 'To-do list' })).toBeVisible();
    await expect.poll(() => warnings.some((text) => /quota/i.test(text))).toBe(true);
  });
});

test('a push message arriving while the portal is closed shows a notification from the service worker', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  await signIn(page, 'cashier');
  await controlledByServiceWorker(page);

  // A page of another site holds the DevTools session; no portal tab is open when the message comes.
  const other = await context.newPage();
  await other.goto('http://erp.portal.localhost:4200/');
  const cdp = await context.newCDPSession(other);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const portal = registrations.find((candidate) => candidate.scopeURL === `${origin}/` && !candidate.isDeleted);
      if (portal) resolve(portal.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  await page.close();
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: `${origin}/`,
    registrationId,
    data: JSON.stringify({ notification: { title: 'Đơn hàng mới #1024', body: 'Khách vừa đặt tại quầy' }, data: { route: '/dpos/orders' } }),
  });

  const portal = await context.newPage();
  await portal.goto('/404');
  const notifications = await portal.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({ title: notification.title, body: notification.body, data: notification.data as unknown })),
  );
  expect(notifications).toEqual([expect.objectContaining({ title: 'Đơn hàng mới #1024', body: 'Khách vừa đặt tại quầy', data: expect.objectContaining({ route: '/dpos/orders' }) })]);
});
