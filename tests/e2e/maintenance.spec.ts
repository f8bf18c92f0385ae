import { expect, test } from '@playwright/test';
import { expectShell, signIn, useEnglish } from './support.ts';

/**
 * Upgrade windows of dev/fixtures/upgrade-windows.json (all in 2030, so they never block normal use):
 * the whole system on 2030-01-05 01:00–03:00 and the cashier module on 2030-03-15 21:00–22:00 (+07:00).
 * Playwright's clock puts the browser there; the servers keep the real time.
 */
const CASHIER_START = '2030-03-15T21:00:00+07:00';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('inside a module window a user without the bypass permission goes to /upgrading and comes back when it ends', async ({ page }) => {
  await page.clock.install({ time: new Date('2030-03-15T21:10:00+07:00') });
  await signIn(page, 'cashier', '/cashier/receipt');
  await expect(page).toHaveURL(/\/upgrading\?/);
  const query = new URL(page.url()).searchParams;
  expect(Date.parse(query.get('upgradeStartTime')!)).toBe(Date.parse(CASHIER_START));
  expect(Date.parse(query.get('upgradeEndTime')!)).toBe(Date.parse('2030-03-15T22:00:00+07:00'));
  expect(query.get('serviceName')).toBe('Cashier');
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrading' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Cashier', { exact: true })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/Time remaining before done: 00:(49|50):\d\d/);

  // Other modules keep working meanwhile.
  await page.goto('/dpos/orders');
  await expect(page).toHaveURL('/dpos/orders');
  await page.goto('/cashier/receipt');
  await expect(page).toHaveURL(/\/upgrading\?/);
  await page.clock.fastForward('51:00');
  await expect(page).toHaveURL('/');
});

test('fewer than 2 hours before a window the header counts down; at zero a confirm asks whether to leave', async ({ page }) => {
  await page.clock.install({ time: new Date('2030-03-15T20:30:00+07:00') });
  await signIn(page, 'cashier', '/cashier/receipt');
  await expectShell(page);
  const status = page.getByTestId('upgrade-status').getByRole('button');
  await expect(status).toHaveText(/^Cashier upgrade in 00:(29|30):\d\d$/);
  await page.clock.fastForward('30:05');
  await expect(page.getByText('The upgrade of Cashier starts now')).toBeVisible();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('button', { name: 'No and go home' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/upgrading\?/);
});

test('"No and go home" leaves the module for the home page', async ({ page }) => {
  await page.clock.install({ time: new Date('2030-03-15T20:59:00+07:00') });
  await signIn(page, 'cashier', '/cashier/receipt');
  await expect(page.getByTestId('upgrade-status')).toBeVisible(); // the windows are loaded
  await page.clock.fastForward('01:05');
  await page.getByRole('alertdialog').getByRole('button', { name: 'No and go home' }).click();
  await expect(page).toHaveURL('/');
});

test('inside a system window everything goes to /upgrading, except for a user with the bypass permission', async ({ page, browser }) => {
  await page.clock.install({ time: new Date('2030-01-05T01:30:00+07:00') });
  await signIn(page, 'cashier', '/');
  await expect(page).toHaveURL(/\/upgrading\?/);

  const bypass = await browser.newPage();
  await useEnglish(bypass);
  await bypass.clock.install({ time: new Date('2030-01-05T01:30:00+07:00') });
  await signIn(bypass, 'bypass', '/');
  await expectShell(bypass);
  await bypass.waitForTimeout(1000);
  await expect(bypass).toHaveURL('/');
  const status = bypass.getByTestId('upgrade-status');
  await expect(status.getByRole('button')).toHaveText('Upgrading');
  await status.getByRole('button').focus();
  await expect(status.getByRole('tooltip')).toContainText('is being upgraded until');
  await bypass.close();
});

test('a malformed or reversed upgrade query sends the user home with a warning, never a crash', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await signIn(page, 'cashier', '/upgrading?upgradeStartTime=garbage&upgradeEndTime=2030-01-01&serviceName=X');
  await expect(page).toHaveURL('/');
  await page.goto('/upgrading?upgradeStartTime=2030-01-02T00:00:00Z&upgradeEndTime=2030-01-01T00:00:00Z&serviceName=X');
  await expect(page).toHaveURL('/');
  expect(warnings.some((text) => /upgrad/i.test(text))).toBe(true);
});

test('outside its window the /upgrading page sends the user home', async ({ page }) => {
  await signIn(page, 'cashier', `/upgrading?upgradeStartTime=${encodeURIComponent(CASHIER_START)}&upgradeEndTime=${encodeURIComponent('2030-03-15T22:00:00+07:00')}&serviceName=Cashier`);
  await expect(page).toHaveURL('/');
});

test('a route inside an upgrade window creates no frame, neither before the app runs (frame first) nor in the shell: the start goes to /upgrading', async ({ page }) => {
  await page.clock.install({ time: new Date('2030-03-15T20:30:00+07:00') });
  await signIn(page, 'cashier', '/cashier/receipt');
  await expectShell(page);
  // The shell recorded this route's frame for the next start, with the window that will close it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('frameFirst')?.includes('"path":"/cashier/receipt"') ?? false)).toBe(true);
  // The browser's clock is in 2030, the provider's is not: the stored token is made to last past the
  // window, so only the window can stop the boot step.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((name) => name.startsWith('oidc.user:'))) {
      const entry = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...entry, expires_at: Date.parse('2030-03-16T00:00:00+07:00') / 1000 }));
    }
  });
  await page.clock.setSystemTime(new Date('2030-03-15T21:10:00+07:00'));
  const frames: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() !== page.mainFrame()) frames.push(request.url());
  });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(page).toHaveURL(/\/upgrading\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrading' })).toBeVisible();
  expect(frames).toEqual([]);
});
