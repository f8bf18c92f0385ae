import { expect, test } from '@playwright/test';
import { startStack, type Stack } from '../../dev/stack.ts';
import { fixturesCopy } from '../../dev/testing/fixtures.ts';
import { expectShell, signIn, useEnglish } from './support.ts';

/**
 * Push needs push settings in the runtime config, which the built-in fixtures leave out (there is no
 * Firebase project here). This file brings its own stack with them; the test adapter stands in for
 * Firebase's token (src/push/adapter.ts injection point), and the registration goes to the real API.
 */
let stack: Stack;

test.beforeAll(async () => {
  const fixturesDir = fixturesCopy({
    'portal.json': (portal) => {
      portal.push = {
        notificationAppId: 'staff-portal-e2e',
        vapidKey: 'e2e-vapid-key',
        firebase: { apiKey: 'e2e', projectId: 'staff-portal-e2e', messagingSenderId: '1', appId: '1:1:web:e2e' },
      };
    },
  });
  stack = await startStack({ ports: { idp: 0, api: 0, apps: 0 }, fixturesDir, portal: { mode: 'preview', port: 0 } });
});

test.afterAll(async () => {
  await stack?.close();
});

test('the push token is registered with the local API, and the result stored', async ({ page }) => {
  await useEnglish(page);
  await page.addInitScript(() => {
    window.staffPortalPushAdapter = { getToken: async () => 'e2e-token', onForegroundMessage: () => () => undefined };
  });
  const registration = page.waitForRequest((request) => request.url() === `${stack.api}/notification/register-token` && request.method() === 'POST');
  await signIn(page, 'cashier', `${stack.portal}/`);
  await expectShell(page);
  const request = await registration;
  expect(request.postDataJSON()).toEqual({
    app_id: 'staff-portal-e2e',
    user_id: 'staff-0002',
    transport: 'fcm',
    token: 'e2e-token',
    email: 'thungan@example.vn',
    phone: '+84901000002',
  });
  expect((await request.response())?.status()).toBe(200);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('pushRegistrationState') ?? 'null'))).toMatchObject({ success: true, token: 'e2e-token' });

  // Nothing changed: the next start does not register again.
  let again = false;
  page.on('request', (next) => next.url().endsWith('/notification/register-token') && (again = true));
  await page.reload();
  await expectShell(page);
  await page.waitForTimeout(1500);
  expect(again).toBe(false);
});

test('frames get the push token; logout deletes it at the push service and forgets the push state', async ({ page }) => {
  await useEnglish(page);
  const deleted: string[] = [];
  await page.exposeFunction('e2ePushTokenDeleted', (token: string) => void deleted.push(token));
  await page.addInitScript(() => {
    const notify = (window as unknown as { e2ePushTokenDeleted: (token: string) => Promise<void> }).e2ePushTokenDeleted;
    window.staffPortalPushAdapter = {
      getToken: async () => 'e2e-token',
      onForegroundMessage: () => () => undefined,
      deleteToken: () => notify('e2e-token'),
    };
  });
  await signIn(page, 'cashier', `${stack.portal}/`);
  await expectShell(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pushRegistrationState'))).not.toBeNull();
  // The token is stored now; the next start's frames carry it in window.name (shell.md §2).
  await page.reload();
  await expectShell(page);
  const frame = page.locator('.frame-host iframe:not([hidden])');
  await expect.poll(async () => JSON.parse((await frame.evaluate((element: HTMLIFrameElement) => element.name)) || '{}')).toMatchObject({
    pushToken: 'e2e-token',
    notificationAppId: 'staff-portal-e2e',
  });

  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible();
  expect(deleted).toEqual(['e2e-token']);
  await page.goto(`${stack.portal}/config.json`);
  expect(await page.evaluate(() => ['pushToken', 'notificationAppId', 'pushRegistrationState'].map((key) => localStorage.getItem(key)))).toEqual([null, null, null]);
});
