import { expect, test } from '@playwright/test';
import { activeFrame, appReady, controlledByServiceWorker, expectShell, prepareOfflineUse, saleLine, salesOf, sell, signIn, useEnglish } from './support.ts';

/**
 * The outbox through the real shell, provider, API and sample POS: a sale handed over by the POS page
 * is stored by the shell, delivered once under the cashier and their seller, shown in the header and
 * its sheet while it waits, and delivered when the connection returns, with a notice.
 */
test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

const badge = (page: import('@playwright/test').Page) => page.getByRole('button', { name: /^Writes waiting to be sent: / });

test('online, a sale goes through the outbox at once, under the cashier and their seller, once', async ({ page, baseURL }) => {
  const note = `online-${Date.now()}`;
  await signIn(page, 'cashier', '/dpos/create-order');
  await expectShell(page);
  await appReady(activeFrame(page));
  await sell(page, note);
  await expect(saleLine(page, note)).toHaveText(`Sale ${note}: delivered (201)`);
  await expect(badge(page)).toHaveCount(0);
  const sales = (await salesOf('cashier', baseURL!)).filter((sale) => sale.note === note);
  expect(sales).toEqual([expect.objectContaining({ sub: 'staff-0002', sellerId: 2 })]);
});

test('offline, a sale waits in the outbox (the header counts it) and is delivered when the connection returns, with a notice', async ({ page, context, baseURL }) => {
  const note = `offline-${Date.now()}`;
  await prepareOfflineUse(page);
  await context.setOffline(true);
  await page.goto('/dpos/create-order');
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  await appReady(activeFrame(page));
  await sell(page, note);
  await expect(saleLine(page, note)).toHaveText(`Sale ${note}: waiting`);
  await expect(badge(page)).toHaveAccessibleName('Writes waiting to be sent: 1, failed: 0');
  const box = await badge(page).boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(48);
  expect(box!.height).toBeGreaterThanOrEqual(48);
  expect((await salesOf('cashier', baseURL!)).filter((sale) => sale.note === note)).toEqual([]);

  await context.setOffline(false);
  await expect(page.locator('ion-toast').filter({ hasText: 'Writes made offline were sent: 1' })).toBeVisible();
  await expect(saleLine(page, note)).toHaveText(`Sale ${note}: delivered (201)`);
  await expect(badge(page)).toHaveCount(0);
  expect((await salesOf('cashier', baseURL!)).filter((sale) => sale.note === note)).toEqual([expect.objectContaining({ sub: 'staff-0002', sellerId: 2 })]);
});
