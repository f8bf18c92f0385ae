import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectShell, signIn, useEnglish } from './support.ts';

/**
 * A chunk of the portal's own code that does not arrive never leaves a white page.
 * These starts are not controlled by the service worker (a first visit, or a worker not installed),
 * so every chunk comes from the server and the tests can take it away.
 */
test.use({ serviceWorkers: 'block' });

/**
 * The files index.html names itself (the boot step, the entry and its static imports that the boot
 * step adds, CSS): everything else under /assets/ loads lazily.
 */
const startFiles = new Set(
  [...readFileSync('dist/index.html', 'utf8').matchAll(/(?:src|href|data-entry|data-preload)="([^"]+)"/g)].flatMap((match) => match[1]!.split(' ')).filter((file) => file.startsWith('/assets/')),
);
const isLazyChunk = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !startFiles.has(url.pathname);

async function withholdLazyChunks(context: BrowserContext): Promise<() => Promise<void>> {
  await context.route(isLazyChunk, (route) => route.abort('internetdisconnected'));
  return () => context.unroute(isLazyChunk);
}

const startFailure = { name: 'Không thể khởi động / Could not start' };

/** A signed-in start whose lazy chunks do not arrive: the named page, within the start deadline. Returns the function that serves them again. */
async function startWithoutLazyChunks(page: Page, context: BrowserContext): Promise<() => Promise<void>> {
  await signIn(page, 'cashier');
  await expectShell(page);
  const serve = await withholdLazyChunks(context);
  await page.reload();
  await expect(page.getByRole('heading', startFailure)).toBeVisible({ timeout: 8_000 });
  return serve;
}

test('the lazy chunks of a start do not arrive: a named page with Retry within the start deadline, then the shell once they are served (Retry)', async ({ page, context }) => {
  const serve = await startWithoutLazyChunks(page, context);
  await serve();
  await page.getByRole('button', { name: 'Thử lại / Retry' }).click();
  await expectShell(page);
});

test('…and the shell comes back by itself when the connection returns', async ({ page, context }) => {
  const serve = await startWithoutLazyChunks(page, context);
  await serve();
  await context.setOffline(true);
  await context.setOffline(false);
  await expectShell(page);
});

test('the start language’s texts do not arrive: the start-failure page, never the shell with its keys; Retry once they are served', async ({ page, context }) => {
  await signIn(page, 'cashier');
  await expectShell(page);
  const isTexts = (url: URL) => /^\/assets\/locale-vi-[\w-]+\.js$/.test(url.pathname);
  await context.route(isTexts, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByRole('heading', startFailure)).toBeVisible({ timeout: 8_000 });
  await expect(page.getByText('Shell.MainMenu')).toHaveCount(0);
  await context.unroute(isTexts);
  await page.getByRole('button', { name: 'Thử lại / Retry' }).click();
  await expectShell(page);
  await expect(page.getByRole('navigation', { name: 'Menu chính' })).toBeVisible();
});

test('the app’s entry does not arrive (a first visit whose connection drops): the start-failure page with Retry, never a spinner for ever', async ({ page, context }) => {
  await signIn(page, 'cashier');
  await expectShell(page);
  const isEntry = (url: URL) => /^\/assets\/index-[\w-]+\.js$/.test(url.pathname);
  await context.route(isEntry, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByRole('heading', startFailure)).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await context.unroute(isEntry);
  await page.getByRole('button', { name: 'Thử lại / Retry' }).click();
  await expectShell(page);
});

test('a part of the drawn shell whose chunk does not arrive shows a card with Retry; the shell stays', async ({ page, context }) => {
  await useEnglish(page);
  await signIn(page, 'cashier');
  await expectShell(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  const serve = await withholdLazyChunks(context);
  await page.getByRole('button', { name: 'Contact support' }).click();
  const card = page.getByRole('alert').filter({ hasText: 'This part of the portal could not be loaded' });
  await expect(card).toBeVisible();
  await expect(menu).toBeVisible();
  await expectShell(page);
  await serve();
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact support' })).toBeVisible();
  await expect(card).toHaveCount(0);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test('the drawer, whose code loads after the first screen: when it does not arrive, a card with Retry; Retry opens the menu', async ({ page, context }) => {
    await useEnglish(page);
    await signIn(page, 'cashier');
    await expectShell(page);
    const isDrawer = (url: URL) => /^\/assets\/drawer-[\w-]+\.js$/.test(url.pathname);
    await context.route(isDrawer, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expectShell(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await toggle.tap();
    const card = page.getByRole('alert').filter({ hasText: 'This part of the portal could not be loaded' });
    await expect(card).toBeVisible();
    await expect(menu).toBeHidden();
    await context.unroute(isDrawer);
    await card.getByRole('button', { name: 'Retry' }).tap();
    await expect(menu).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
