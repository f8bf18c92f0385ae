import { expect, test, type Page } from '@playwright/test';
import { checkForUpdate, servedReleases, updatePrompt as prompt } from './releases.ts';
import { activeFrame, appReady, controlledByServiceWorker, expectShell, signIn, useEnglish } from './support.ts';

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
