import { expect, test, type Page } from '@playwright/test';
import { checkForUpdate, servedReleases, updatePrompt as prompt } from './releases.ts';
import { activeFrame, appReady, controlledByServiceWorker, expectShell, salesOf, sell, signIn, useEnglish } from './support.ts';

/** A real second release behind the same origin (releases.ts). */
const releases = servedReleases({ a: 'e2e-a', b: 'e2e-b' }, 180_000);
const { deploy } = releases;
const VERSION_A = '2.77.0-e2e-a';
const VERSION_B = '2.77.0-e2e-b';

test('a new release shows the update prompt, waits while a frame is editing, and Reload starts the new version', async ({ page }) => {
  test.setTimeout(120_000);
  await useEnglish(page);
  await signIn(page, 'cashier', `${releases.nginx.origin}/`);
  await expectShell(page);
  await expect(page.getByTestId('app-version')).toContainText(VERSION_A);
  await controlledByServiceWorker(page);
  const frame = activeFrame(page);
  await appReady(frame);

  // The user is editing in a frame when release B goes live.
  await frame.getByRole('button', { name: 'Start editing' }).click();
  deploy('b');
  await checkForUpdate(page);
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)), { timeout: 30_000 })
    .toBe(true);
  // The prompt waits: reloading now would lose the edits.
  await page.waitForTimeout(1500);
  await expect(prompt(page)).toHaveCount(0);

  await frame.getByRole('button', { name: 'End editing' }).click();
  await expect(prompt(page)).toBeVisible();
  await expect(page.getByTestId('app-version')).toContainText(VERSION_A); // nothing reloads by itself

  const reloaded = page.waitForEvent('load');
  await prompt(page).getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expectShell(page);
  await expect(page.getByTestId('app-version')).toContainText(VERSION_B);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  await expect(prompt(page)).toHaveCount(0);
});

test('a till left in offline mode starts offline on the new release: its start snapshot, sign-in and waiting writes kept', async ({ page, context }) => {
  test.setTimeout(180_000);
  deploy('a');
  await useEnglish(page);
  const till = `${releases.nginx.origin}/dpos/create-order`;
  await signIn(page, 'cashier', till);
  await expectShell(page);
  await appReady(activeFrame(page));
  await expect(activeFrame(page).getByText('Available offline')).toBeVisible();
  await controlledByServiceWorker(page);

  // Release B goes live and the browser installs its worker; the cashier does not reload yet.
  deploy('b');
  await checkForUpdate(page);
  await expect(prompt(page)).toBeVisible({ timeout: 60_000 });
  // The connection goes: the till switches to offline mode (release A still) and sells.
  await context.setOffline(true);
  const switched = page.waitForEvent('load');
  await page.getByRole('alertdialog', { name: 'Online or offline' }).getByRole('button', { name: 'Switch to offline mode' }).click();
  await switched;
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  await appReady(activeFrame(page));
  const before = `release-before-${Date.now()}`;
  await sell(page, before);

  // Still offline, the cashier takes the new release: it starts offline, from release A's start snapshot.
  await expect(prompt(page)).toBeVisible({ timeout: 30_000 });
  const reloaded = page.waitForEvent('load');
  await prompt(page).getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByTestId('app-version')).toContainText(VERSION_B);
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  await expect(page.getByRole('heading', { name: 'Create order' })).toBeVisible();
  await appReady(activeFrame(page));
  await expect(page.getByRole('button', { name: /^Writes waiting to be sent: / })).toHaveAccessibleName('Writes waiting to be sent: 1, failed: 0');
  const after = `release-after-${Date.now()}`;
  await sell(page, after);

  // The connection returns: both sales reach the API, once each, under the cashier.
  await context.setOffline(false);
  await expect
    .poll(async () => (await salesOf('cashier', releases.nginx.origin, releases.stack)).filter((sale) => sale.note === before || sale.note === after).map((sale) => `${sale.note} ${sale.sub}`).sort(), { timeout: 30_000 })
    .toEqual([`${after} staff-0002`, `${before} staff-0002`].sort());
});

/**
 * A tab the worker does not control (here: no worker at all) left open across a
 * deployment asks for a chunk that release B no longer serves. It moves to release B — at once when
 * nothing is being edited, after asking when a frame is editing — and never shows a white page.
 */
test.describe('a tab of an older release, not controlled by the worker', () => {
  test.use({ serviceWorkers: 'block' });

  /** Signs the cashier in on release A. */
  async function openOnReleaseA(page: Page) {
    deploy('a');
    await signIn(page, 'cashier', `${releases.nginx.origin}/`);
    await expectShell(page);
    await expect(page.getByTestId('app-version')).toContainText(VERSION_A);
    const frame = activeFrame(page);
    await appReady(frame);
    return frame;
  }

  test('opening a part whose chunk release B no longer has starts release B', async ({ page }) => {
    test.setTimeout(90_000);
    await useEnglish(page);
    await openOnReleaseA(page);
    deploy('b');
    const reloaded = page.waitForEvent('load');
    // The Contact Support dialog's code has not been loaded by this tab yet.
    await page.getByRole('button', { name: 'Contact support' }).click();
    await reloaded;
    await expectShell(page);
    await expect(page.getByTestId('app-version')).toContainText(VERSION_B);
  });

  test('while a frame is editing it asks first; staying keeps the page, with Retry where the part failed', async ({ page }) => {
    test.setTimeout(90_000);
    await useEnglish(page);
    const frame = await openOnReleaseA(page);
    // The browser's own question; answered as `answer` says when it comes.
    const questions: string[] = [];
    let answer: 'stay' | 'reload' = 'stay';
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void (answer === 'stay' ? dialog.dismiss() : dialog.accept());
    });
    await frame.getByRole('button', { name: 'Start editing' }).click();
    deploy('b');
    await page.getByRole('button', { name: 'Contact support' }).click();
    await expect.poll(() => questions.length).toBeGreaterThan(0);
    expect(questions[0]).toContain('A new version of the portal');
    await expect(page.getByRole('alert').filter({ hasText: 'This part of the portal could not be loaded' })).toBeVisible();
    await expect(page.getByTestId('app-version')).toContainText(VERSION_A); // nothing reloaded under the user's edits

    // Asked again, the user agrees: release B.
    answer = 'reload';
    const reloaded = page.waitForEvent('load');
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await reloaded;
    await expectShell(page);
    await expect(page.getByTestId('app-version')).toContainText(VERSION_B);
  });
});
