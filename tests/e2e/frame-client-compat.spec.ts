import { expect, test, type Page } from '@playwright/test';
import { activeFrame, appOrigin, expectShell, salesOf, sell, signIn, useEnglish } from './support.ts';

/**
 * An old app on the current shell: the sample apps' page built with the last release of the frame client
 * before the handshake, @staff-portal/frame-client 1.0.0 (tests/fixtures/frame-client-1.0.0, served for
 * `?frame-client=1.0.0`, dev/apps/browser/legacy-page.ts). It never says hello, so the shell treats it as a
 * version 1 app: everything 1.0.0 promised still works.
 */
const OLD_APP = 'frame-client=1.0.0';

test.beforeEach(async ({ page }) => useEnglish(page));

/** The frame runs the 1.0.0 build (its page says so), and has drawn (1.0.0's ready()). */
async function oldAppShown(page: Page) {
  await expect(activeFrame(page).getByText(/frame client 1\.0\.0$/)).toBeVisible();
}

test('route sync, the editing guard, an outbox write and logout from an app built with frame client 1.0.0', async ({ page, baseURL }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await signIn(page, 'cashier', `/dpos/create-order?${OLD_APP}`);
  await expectShell(page);
  await oldAppShown(page);
  // The page is the old build's: its own module and the fixture, none of the current client's.
  expect(requested.filter((url) => url.startsWith(appOrigin('pos')) && url.includes('/__sample/')).map((url) => new URL(url).pathname).sort()).toEqual(
    expect.arrayContaining(['/__sample/dev/apps/browser/legacy-page.ts', '/__sample/tests/fixtures/frame-client-1.0.0/frame-client.js']),
  );
  expect(requested.some((url) => url.includes('/__sample/packages/frame-client/'))).toBe(false);
  const frame = activeFrame(page);

  // The outbox (1.0.0's client.outbox): stored on the device, delivered once under the cashier and seller.
  const note = `compat ${Date.now()}`;
  await sell(page, note);
  await expect.poll(async () => (await salesOf('cashier', baseURL!)).filter((sale) => sale.note === note)).toEqual([expect.objectContaining({ sub: 'staff-0002', sellerId: 2 })]);

  // The editing guard.
  await frame.getByRole('button', { name: 'Start editing' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const cashier = menu.getByRole('button', { name: 'Cashier' });
  if ((await cashier.getAttribute('aria-expanded')) !== 'true') await cashier.click();
  await menu.getByRole('link', { name: 'Receipts', exact: true }).click();
  const prompt = page.getByRole('alertdialog');
  await expect(prompt).toContainText('Changes will not be saved. Do you want to leave this page?');
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(`/dpos/create-order?${OLD_APP}`);
  await frame.getByRole('button', { name: 'End editing' }).click();

  // Route sync: the portal's address follows, the frame stays.
  await frame.getByLabel('Route path').fill('/dpos/clone-order');
  await frame.getByRole('button', { name: 'Sync route' }).click();
  await expect(page).toHaveURL('/dpos/clone-order');
  await oldAppShown(page);

  // Logout from the frame.
  await frame.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible();
});

test.describe('on a shared handheld', () => {
  const HANDHELD = `http://handheld.portal.localhost:${process.env.PORTAL_PORT ?? 4173}`;
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test('session end: the 1.0.0 app clears its draft when the shift ends', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${HANDHELD}/?${OLD_APP}`);
    await page.getByRole('heading', { name: 'Next person: sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.getByLabel('Username').fill('picker');
    await page.getByLabel('Password').fill('picker123');
    await page.getByRole('button', { name: 'Sign in' }).tap();
    const offer = page.getByRole('dialog', { name: 'Set a PIN for this shift' });
    await offer.getByRole('button', { name: 'Skip' }).tap();
    await expectShell(page);
    await oldAppShown(page);
    await activeFrame(page).getByLabel('Draft note').fill('Kệ A3: thiếu 2 thùng');

    const erp = page.frames().find((frame) => frame.url().startsWith(`${appOrigin('erp')}/`));
    if (!erp) throw new Error('no frame of the ERP');
    expect(await erp.evaluate(() => localStorage.getItem('sample-app:draft'))).toBe('Kệ A3: thiếu 2 thùng');
    // The page says when the shell's word reached it with its storage cleared (1.0.0's listener ran first).
    const cleared = page.waitForEvent('console', (message) => message.text() === 'e2e-old-app-cleared');
    await erp.evaluate(() =>
      addEventListener('message', (event) => {
        if ((event.data as { type?: unknown } | null)?.type === 'session-end' && localStorage.getItem('sample-app:draft') === null) console.log('e2e-old-app-cleared');
      }),
    );
    await page.getByRole('button', { name: /^Account: / }).tap();
    await page.getByRole('menuitem', { name: 'End shift' }).tap();
    await cleared;
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible({ timeout: 15_000 });
  });
});
