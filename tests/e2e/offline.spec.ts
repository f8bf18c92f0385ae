import { expect, test } from '@playwright/test';
import { NOTIFICATION_CLICK_TEST } from '../../src/push/message.ts';
import { activeFrame, API, controlledByServiceWorker, IDP, deliverPush, expectShell, prepareOfflineUse, shownNotifications, signIn, useEnglish } from './support.ts';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('with no network a signed-in user lands in the offline shell from the cache and can use the POS', async ({ page, context }) => {
  await prepareOfflineUse(page);
  await context.setOffline(true);
  // Everything of the portal's own origin comes from the worker: no file of it fails offline. (Requests
  // the previous page had under way when it was left are aborted, not failed.)
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(page.url()).origin && request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(url.pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'To-do list' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Cashier' })).toHaveCount(0);
  await menu.getByRole('button', { name: 'Point of sale' }).click();
  await expect(menu.getByRole('link')).toHaveText(['To-do list', 'Create order']); // order result: by address only
  await expect(page.getByRole('button', { name: /^(Seller|Platform|Site):/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Contact support' })).toHaveCount(0);

  expect(failed).toEqual([]);

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
  // Someone is signed in on the device (with nobody, a start online goes to the sign-in, whatever the mode).
  await signIn(page, 'cashier');
  await expectShell(page);
  await page.evaluate(() => localStorage.setItem('isOnlineMode', 'false'));
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
            tx.objectStore('records').put({ name: 'snapshot', value: { sub: 42, parts: { user: { roles: 'not a list' } } }, savedAt: 'yesterday' });
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

test('a push message arriving while the portal is closed shows a notification from the service worker, and a click opens its route', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  await signIn(page, 'cashier');
  await controlledByServiceWorker(page);

  // No portal tab is open when the message comes.
  await deliverPush(context, origin, { notification: { title: 'Đơn hàng mới #1024', body: 'Khách vừa đặt tại quầy' }, data: { route: '/dpos/orders' } }, page);

  const portal = await context.newPage();
  await portal.goto('/404');
  const notifications = await shownNotifications(portal);
  expect(notifications).toEqual([expect.objectContaining({ title: 'Đơn hàng mới #1024', body: 'Khách vừa đặt tại quầy', data: expect.objectContaining({ route: '/dpos/orders' }) })]);

  // Activating it (the worker's click entry: tests cannot click a system notification) shows its route in the portal tab.
  await expectShell(portal);
  await portal.evaluate(
    async ([type, title]) => (await navigator.serviceWorker.ready).active?.postMessage({ type, title }),
    [NOTIFICATION_CLICK_TEST, 'Đơn hàng mới #1024'] as const,
  );
  await expect(portal).toHaveURL('/dpos/orders');
  await expectShell(portal);
  await expect.poll(() => shownNotifications(portal)).toEqual([]);
});

/**
 * The worker answers its own origin's GET requests (and the provider's discovery document) only: the
 * API's calls and every write go to the network without an event for it, so they never start it — a
 * hop saved on every call, and no write starts an old worker while a new release activates.
 */
test('the API’s calls and every write go to the network without starting the worker; the portal’s own files and the provider’s discovery are its', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await signIn(page, 'cashier');
  await expectShell(page);
  await controlledByServiceWorker(page);

  const cdp = await page.context().newCDPSession(page);
  type Version = { versionId: string; scriptURL: string; runningStatus: string; status: string };
  const versions = new Map<string, Version>();
  const seen: string[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: changed }: { versions: Version[] }) =>
    changed.forEach((version) => {
      versions.set(version.versionId, version);
      if (version.scriptURL.startsWith(`${origin}/`)) seen.push(version.runningStatus);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const portalWorker = () => [...versions.values()].find((version) => version.scriptURL.startsWith(`${origin}/`) && version.status === 'activated');
  await expect.poll(() => portalWorker()?.runningStatus, { message: 'the portal’s active worker' }).toBeTruthy();
  await cdp.send('ServiceWorker.stopWorker', { versionId: portalWorker()!.versionId });
  await expect.poll(() => portalWorker()?.runningStatus).toBe('stopped');

  seen.length = 0;
  const answered = await page.evaluate(async (api) => {
    const call = await fetch(`${api}/api/v1/upgrade-time`, { cache: 'no-store' }).then((answer) => answer.status, () => 0);
    const write = await fetch(`${api}/api/v1/tracking/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' }).then((answer) => answer.status, () => 0);
    return { call, write };
  }, API);
  // Both reached the API (whatever it answered), and nothing started the worker for them.
  expect(answered.call).toBeGreaterThan(0);
  expect(answered.write).toBeGreaterThan(0);
  expect(seen).toEqual([]);
  expect(portalWorker()?.runningStatus).toBe('stopped');

  // The portal's own files are the worker's: a request for one starts it.
  await page.evaluate((url) => fetch(url, { cache: 'no-store' }).then(() => undefined), `${origin}/config.json`);
  await expect.poll(() => portalWorker()?.runningStatus).toBe('running');

  // The provider's discovery document is the worker's too (its cached copy spares a sign-in and a renewal a round trip).
  await cdp.send('Network.enable');
  const discovery = new Promise<boolean>((resolve) =>
    cdp.on('Network.responseReceived', ({ response }: { response: { url: string; fromServiceWorker?: boolean } }) => {
      if (response.url.endsWith('/.well-known/openid-configuration')) resolve(response.fromServiceWorker === true);
    }),
  );
  await page.evaluate((url) => fetch(url).then(() => undefined), `${IDP}/.well-known/openid-configuration`);
  expect(await discovery, 'the discovery document answered by the worker').toBe(true);
  await cdp.detach();
});
