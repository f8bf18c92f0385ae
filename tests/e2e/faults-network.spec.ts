import { expect, test, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import { API, expectShell, IDP, signIn, useEnglish } from './support.ts';

/**
 * Faults on the network at start-up: each ends in a usable page — the shell, sign-in, or a named
 * error with a working Retry — within the start-up deadline (8 s, runtime config), and recovers once
 * the fault clears. The time to the usable page is recorded as an annotation of each test.
 */
const DEADLINE_MS = 8000;
/** A cross-origin answer the page may read (the API's own CORS headers, as the local API sends them). */
const CORS = { 'access-control-allow-origin': '*' };

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  // Each document notes when a heading or dialog first appears, on its own clock (see timed).
  await page.addInitScript(() => {
    const appeared = new WeakMap<Element, number>();
    Object.defineProperty(window, 'appearedAt', { value: (element: Element) => appeared.get(element) });
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('h1, h2, h3, [role="heading"], [role="alertdialog"]')) {
        if (!appeared.has(element)) appeared.set(element, performance.now());
      }
    }).observe(document, { childList: true, subtree: true });
  });
});

/**
 * Waits for `shown` and records how long the page took to become usable, on the page's own clock: from
 * the navigation of the portal document that started (after the sign-in callback when there was one),
 * so the time the test spends typing into the sign-in form is not counted against the portal; to the
 * moment `shown` appeared in the page, not the moment Playwright's polling noticed it (up to a second
 * later on a loaded machine).
 */
async function timed(name: string, shown: Locator, timeout?: number): Promise<void> {
  await expect(shown).toBeVisible(timeout === undefined ? undefined : { timeout });
  const ms = Math.round(
    await shown.first().evaluate((element) => (window as unknown as { appearedAt(element: Element): number | undefined }).appearedAt(element) ?? performance.now()),
  );
  test.info().annotations.push({ type: 'time to a usable page', description: `${name}: ${ms} ms` });
  expect(ms).toBeLessThan(DEADLINE_MS + 2000); // the deadline plus the page load itself
}

/** Every call to the API (from the page or its service worker) meets `fault` until the returned function clears it. */
async function breakApi(context: BrowserContext, fault: (route: Route) => Promise<void> | void): Promise<() => Promise<void>> {
  const pattern = `${API}/**`;
  const handler = (route: Route) => (route.request().method() === 'OPTIONS' ? route.continue() : fault(route));
  await context.route(pattern, handler);
  return () => context.unroute(pattern, handler);
}

/** Signs the cashier in with the start's API calls meeting `fault`; the first start has no snapshot. */
async function startWithFault(page: Page, fault: (route: Route) => Promise<void> | void) {
  const clear = await breakApi(page.context(), fault);
  await signIn(page, 'cashier');
  return clear;
}

const failurePage = (page: Page) => page.getByRole('heading', { name: 'Could not load seller data, please try again later.' });

for (const [name, fault] of [
  ['API answers 500', (route: Route) => route.fulfill({ status: 500, headers: CORS, json: { code: 50000, message: 'Server exploded' } })],
  ['API answers 503', (route: Route) => route.fulfill({ status: 503, headers: CORS, json: { code: 50300, message: 'Service unavailable' } })],
  ['API refuses connections', (route: Route) => route.abort('connectionrefused')],
  ['API never answers', () => undefined],
  ['API answers each call after 15 s', async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    await route.continue().catch(() => undefined);
  }],
] as const) {
  test(`${name}: the seller-load failure page with Retry within the deadline, and Retry recovers`, async ({ page }) => {
    const clear = await startWithFault(page, fault);
    await timed(name, failurePage(page), DEADLINE_MS + 2000);
    await clear();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectShell(page);
  });
}

test('config answers 500: the website-config page names the status, and Retry recovers', async ({ page }) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await page.goto('/');
  await timed('config 500', page.getByRole('heading', { name: 'Website information not found' }));
  await expect(page.getByText(/status 500/)).toBeVisible();
  await page.unroute('**/config.json');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel(/^(Tên đăng nhập|Username)$/)).toBeVisible();
});

test('identity provider down at start: the sign-in error page, and sign-in resumes by itself when it is back', async ({ page }) => {
  const pattern = `${IDP}/**`;
  await page.context().route(pattern, (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await timed('provider down at start', page.getByRole('heading', { name: /sign-in service cannot be reached/i }));
  await page.context().unroute(pattern);
  // No click: the page tries again by itself.
  await expect(page.getByLabel(/^(Tên đăng nhập|Username)$/)).toBeVisible({ timeout: 15_000 });
});

test('identity provider down when the token must be renewed at start: sign-in error page, then back in when it returns', async ({ page }) => {
  await signIn(page, 'cashier');
  await expectShell(page);
  // The stored token has expired since; the provider cannot be reached to renew it.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((name) => name.startsWith('oidc.user:'))) {
      const entry = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...entry, expires_at: Math.floor(Date.now() / 1000) - 60 }));
    }
  });
  const pattern = `${IDP}/**`;
  await page.context().route(pattern, (route) => route.abort('connectionrefused'));
  await page.reload();
  await timed('provider down during renewal', page.getByRole('heading', { name: /sign-in service cannot be reached/i }));
  await page.context().unroute(pattern);
  // The provider's session is still open: signing in again needs no password. The page tries again
  // every 5 s, so allow for one wait plus the sign-in round trips.
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible({ timeout: 20_000 });
});

test('the network drops during the start and returns: the start resumes by itself', async ({ page, context }) => {
  const held: Route[] = [];
  const clear = await breakApi(context, (route) => void held.push(route));
  await signIn(page, 'cashier');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await context.setOffline(true);
  await Promise.all(held.map((route) => route.abort('internetdisconnected').catch(() => undefined)));
  await clear();
  await timed('network dropped mid-start', failurePage(page).or(page.getByRole('alertdialog')));
  await context.setOffline(false);
  // No click: the connection's return restarts the start.
  await expectShell(page);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
