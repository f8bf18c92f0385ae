import { expect, test, type Page } from '@playwright/test';
import { OFFLINE_READY_TIMEOUT_MS } from '../../src/frames/readiness.ts';
import { activeFrame, appReady, expectShell, prepareOfflineUse, signIn, useEnglish } from './support.ts';

/**
 * Offline, a frame counts as shown only once its page says `ready`; one that
 * does not (the browser's "no internet" page, an app that never answers offline) is covered by the
 * shell's card. Online, apps that never say `ready` still work.
 */
test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

const card = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'This page needs a connection' }) });

test('offline, a page whose app never answers offline gets the card with Retry and the offline pages as large targets', async ({ page, context }) => {
  // Only the POS was opened online: the ERP (the to-do list at /) has no offline copy in this browser.
  await prepareOfflineUse(page, '/dpos/create-order');
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  const frameElement = page.locator('.frame-host iframe:not([hidden])');
  await expect(frameElement).toHaveAttribute('src', /erp\.portal\.localhost/);

  await expect(card(page)).toBeVisible();
  // What the card covers is the browser's own error page: its load event fired, and proved nothing.
  expect((await frameElement.elementHandle().then((element) => element?.contentFrame()))?.url()).toBe('chrome-error://chromewebdata/');
  await expect(card(page)).toContainText('To-do list cannot open without the internet');
  const pages = card(page).getByRole('navigation', { name: 'Pages that work offline' });
  await expect(pages.getByRole('link')).toHaveText(['Create order']);
  const target = await pages.getByRole('link', { name: 'Create order' }).boundingBox();
  expect(target!.height).toBeGreaterThanOrEqual(48);
  expect(target!.width).toBeGreaterThanOrEqual(48);
  const retry = card(page).getByRole('button', { name: 'Retry' });
  const retryBox = await retry.boundingBox();
  expect(retryBox!.height).toBeGreaterThanOrEqual(48);

  // Retry loads the page again; still offline, the card comes back after the same short wait.
  await retry.click();
  await expect(card(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Loading To-do list' })).toBeVisible();
  await expect(card(page)).toBeVisible({ timeout: OFFLINE_READY_TIMEOUT_MS + 5_000 });

  await pages.getByRole('link', { name: 'Create order' }).click();
  await expect(page).toHaveURL('/dpos/create-order');
  await expect(activeFrame(page).getByRole('heading', { name: /Path: \/dpos\/create-order/ })).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  await context.setOffline(false);
});

test('the ERP to-do list works offline with its own worker, and offline a page that never says ready is covered all the same', async ({ page, context }) => {
  await prepareOfflineUse(page, '/');
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  await expect(activeFrame(page).getByRole('heading', { name: 'To-do list' })).toBeVisible();
  await page.waitForTimeout(OFFLINE_READY_TIMEOUT_MS + 500);
  await expect(card(page)).toHaveCount(0);

  // The same cached page, from an app that does not say ready: offline, load is not enough.
  await page.goto('/?no-ready');
  await expect(activeFrame(page).getByRole('heading', { name: 'To-do list' })).toBeAttached();
  await expect(card(page)).toBeVisible();
  await context.setOffline(false);
});

test('online, an app that never says ready (built before the message) is shown on its load event', async ({ page }) => {
  await signIn(page, 'cashier', '/cashier/receipt?no-ready');
  await expectShell(page);
  const frame = activeFrame(page);
  await appReady(frame);
  await expect(frame.getByRole('heading', { name: /Path: \/cashier\/receipt\?no-ready/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
