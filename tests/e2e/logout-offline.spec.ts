import { expect, test, type Page } from '@playwright/test';
import { activeFrame, appReady, controlledByServiceWorker, expectShell, saleLine, sell, signIn, useEnglish } from './support.ts';

/**
 * A logout made without a connection on a personal device (README "Frame protocol: the outbox" and
 * "Shared devices"): the session ends on the device at once and the portal's own page says signing in
 * needs a connection — never the browser's error page of a provider that cannot load. When the
 * connection returns, the provider's session is ended first: its form shows, never the person who
 * left signed in again. The shared handheld's End shift offline: tests/e2e/shared-handheld.spec.ts.
 */
test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

const providerForm = (page: Page) => page.getByLabel(/^(Username|Tên đăng nhập)$/);

/** The cashier works on the till in online mode; then the connection goes (they stay in online mode). */
async function tillLosesConnection(page: Page) {
  await signIn(page, 'cashier', '/dpos/create-order');
  await expectShell(page);
  await appReady(activeFrame(page));
  await expect(activeFrame(page).getByText('Available offline')).toBeVisible();
  await controlledByServiceWorker(page);
  await page.context().setOffline(true);
  await page.getByRole('alertdialog', { name: 'Online or offline' }).getByRole('button', { name: 'Stay in online mode' }).click();
}

/** Signed out on the device, on the portal's own page, and never on the browser's error page meanwhile. */
async function expectSignedOutHere(page: Page, errorPages: string[]) {
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Signing in needs a connection.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in once online' })).toBeVisible();
  expect(errorPages).toEqual([]);
}

/** Addresses the page's main frame showed that were the browser's own error page. */
function watchErrorPages(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && frame.url().startsWith('chrome-error://') && seen.push(frame.url()));
  return seen;
}

test('Log out offline with a sale kept: the portal’s signed-out page; the connection back, the provider’s form, not the shell', async ({ page, context }) => {
  test.setTimeout(120_000);
  await tillLosesConnection(page);
  const note = `logout-offline-${Date.now()}`;
  await sell(page, note);
  await expect(saleLine(page, note)).toContainText('waiting');
  const errorPages = watchErrorPages(page);
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('alertdialog').filter({ hasText: 'Some writes were not sent' }).getByRole('button', { name: 'Keep for my next sign-in' }).click();
  await expectSignedOutHere(page, errorPages);

  // A reload while still offline: the same page (the worker serves the portal; nobody is signed in).
  await page.reload();
  await expectSignedOutHere(page, errorPages);

  // The connection returns; nobody touches anything.
  await context.setOffline(false);
  await expect(providerForm(page)).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(2000);
  await expect(providerForm(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account: / })).toHaveCount(0);
  expect(errorPages).toEqual([]);
  // Ended at the provider: opening the portal again does not sign the cashier in either.
  await page.goto('/');
  await expect(providerForm(page)).toBeVisible();
});

test('an app’s logout message offline: the same signed-out page, and the provider’s form once the connection is back', async ({ page, context }) => {
  test.setTimeout(120_000);
  await tillLosesConnection(page);
  const errorPages = watchErrorPages(page);
  await activeFrame(page).getByRole('button', { name: 'Log out' }).click();
  await expectSignedOutHere(page, errorPages);
  await context.setOffline(false);
  await expect(providerForm(page)).toBeVisible({ timeout: 15_000 });
  expect(errorPages).toEqual([]);
});
