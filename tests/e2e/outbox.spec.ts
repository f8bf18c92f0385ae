import { expect, test, type Page } from '@playwright/test';
import { activeFrame, appReady, expectShell, prepareOfflineUse, saleLine, salesOf, sell, signIn, useEnglish } from './support.ts';

/**
 * The outbox through the real shell, provider, API and sample POS: a sale handed over by the POS page
 * is stored by the shell, delivered once under the cashier and their seller, shown in the header and
 * its sheet while it waits, and delivered when the connection returns, with a notice.
 */
test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

const badge = (page: Page) => page.getByRole('button', { name: /^Writes waiting to be sent: / });

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

test.describe('the outbox’s sheet', () => {
  test('lists a failed write with its reason; Retry sends it again, Discard (confirmed) removes one for good', async ({ page, context, baseURL }) => {
    const [retried, discarded] = [`retried-${Date.now()}`, `discarded-${Date.now()}`];
    // The API refuses the first try of each sale: a final 4xx.
    const refusedOnce = new Set<string>();
    await context.route(/\/api\/v1\/pos\/sales$/, async (route) => {
      const key = route.request().headers()['idempotency-key'] ?? '';
      if (route.request().method() !== 'POST' || refusedOnce.has(key)) return route.fallback();
      refusedOnce.add(key);
      await route.fulfill({ status: 400, contentType: 'application/json', headers: { 'access-control-allow-origin': new URL(baseURL!).origin }, body: '{"code":40003,"message":"total"}' });
    });
    await signIn(page, 'cashier', '/dpos/create-order');
    await appReady(activeFrame(page));
    await sell(page, retried);
    await expect(saleLine(page, retried)).toContainText(`Sale ${retried}: failed (refused 400)`);
    await expect(badge(page)).toHaveAccessibleName('Writes waiting to be sent: 0, failed: 1');

    await badge(page).click();
    const sheet = page.getByRole('dialog', { name: 'Writes waiting to be sent' });
    await expect(sheet).toBeVisible();
    // Ionic puts the dialog role on the modal's shadow wrapper and slots the content in: it is found from the page.
    const row = page.getByRole('list', { name: 'Writes waiting to be sent' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('POS');
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('Refused by the server (HTTP 400)');
    await row.getByRole('button', { name: /^Retry: POS / }).click();
    await expect(page.getByText('Everything has been sent.')).toBeVisible();
    await expect(saleLine(page, retried)).toHaveText(`Sale ${retried}: delivered (201)`);
    await expect(badge(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toHaveCount(0);

    await sell(page, discarded);
    await expect(saleLine(page, discarded)).toContainText(`Sale ${discarded}: failed (refused 400)`);
    await badge(page).click();
    await page.getByRole('button', { name: /^Discard: POS / }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText('will never be sent');
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText('Everything has been sent.')).toBeVisible();
    await expect(badge(page)).toHaveCount(0);

    const sales = await salesOf('cashier', baseURL!);
    expect(sales.filter((sale) => sale.note === retried)).toHaveLength(1);
    expect(sales.filter((sale) => sale.note === discarded)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

    test('is a bottom sheet', async ({ page, context }) => {
      await prepareOfflineUse(page);
      await context.setOffline(true);
      await page.goto('/dpos/create-order');
      await appReady(activeFrame(page));
      await sell(page, `phone-${Date.now()}`);
      await badge(page).tap();
      await expect(page.getByRole('dialog', { name: 'Writes waiting to be sent' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Writes waiting to be sent' }).getByRole('listitem')).toContainText('Waiting');
      await expect(page.locator('ion-modal.portal-modal--sheet')).toBeVisible();
      const box = await page.locator('ion-modal.portal-modal--sheet .outbox-sheet').boundingBox();
      expect(box!.y + box!.height).toBeGreaterThan(600); // anchored to the bottom of the screen
      await context.setOffline(false);
    });
  });
});

test('offline logout keeps the writes sealed: the next person finds nothing of them and cannot send them; the cashier’s next sign-in delivers them', async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  const note = `kept-${Date.now()}`;
  await prepareOfflineUse(page);
  const markers = await page.evaluate(() => {
    const entry = Object.entries(localStorage).find(([name]) => name.startsWith('oidc.user:'));
    const user = JSON.parse(entry?.[1] ?? '{}') as { access_token: string; profile: { sub: string; name: string } };
    return [user.access_token, user.profile.sub, user.profile.name];
  });
  await context.setOffline(true);
  await page.goto('/dpos/create-order');
  await appReady(activeFrame(page));
  await sell(page, note);
  await expect(badge(page)).toHaveAccessibleName('Writes waiting to be sent: 1, failed: 0');

  // Staying is a choice too: nothing is lost and the cashier stays signed in.
  const logOut = async () => {
    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  };
  const question = page.getByRole('alertdialog').filter({ hasText: 'Some writes were not sent' });
  await logOut();
  await expect(question).toContainText('Waiting: 1, failed: 0');
  await question.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(badge(page)).toBeVisible();
  await logOut();
  await question.getByRole('button', { name: 'Keep for my next sign-in' }).click();
  // Logged out, still offline: the portal's own page says signing in needs a connection (the provider's cannot load).
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await expect(page.getByText('Signing in needs a connection.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in once online' })).toBeVisible();

  // What the device keeps of the cashier's sale is unreadable: no note, no name, no sub, no token.
  const everything = await page.evaluate(async () => {
    const dump: string[] = [Object.entries(localStorage).join('\n')];
    for (const { name } of await indexedDB.databases()) {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(database.objectStoreNames)) {
        const records = await new Promise<unknown[]>((resolve) => {
          const all = database.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
        });
        dump.push(JSON.stringify(records));
      }
      database.close();
    }
    return dump.join('\n');
  });
  for (const marker of [note, ...markers]) expect(everything).not.toContain(marker);

  // The connection returns and nobody touches anything: the provider's session is ended first, and its
  // form shows, never the cashier signed in again.
  await context.setOffline(false);
  await expect(page.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /^Account: / })).toHaveCount(0);
  // The next person on the same browser: the cashier's sale is neither sent nor shown.
  await signIn(page, 'cashier2', '/dpos/create-order');
  await page.getByRole('list', { name: 'Choose seller' }).getByRole('button', { name: /#2 / }).click();
  await expectShell(page);
  await appReady(activeFrame(page));
  await expect(saleLine(page, note)).toHaveCount(0);
  await expect(badge(page)).toHaveCount(0);
  await page.waitForTimeout(2000);
  expect((await salesOf('cashier', baseURL!)).filter((sale) => sale.note === note)).toEqual([]);
  expect((await salesOf('cashier2', baseURL!)).filter((sale) => sale.note === note)).toEqual([]);
  await logOut();
  await expect(page.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible();

  // The cashier again: the kept sale is opened with the key the API hands them, and delivered, once.
  await signIn(page, 'cashier', '/dpos/create-order');
  await appReady(activeFrame(page));
  await expect(saleLine(page, note)).toHaveText(`Sale ${note}: delivered (201)`);
  await expect.poll(async () => (await salesOf('cashier', baseURL!)).filter((sale) => sale.note === note)).toEqual([expect.objectContaining({ sub: 'staff-0002', sellerId: 2 })]);
});
