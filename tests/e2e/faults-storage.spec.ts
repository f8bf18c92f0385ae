import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { corruptSessionEntries } from '../../dev/testing/corrupt-session-entries.ts';
import { API, expectShell, IDP, signIn, storeContext } from './support.ts';

/**
 * Storage faults at start-up: a corrupt session entry, blocked storage and
 * invalid stored values each end on a usable page — sign-in, the shell, a chooser or a named page
 * with a working Retry — within the start-up deadline, and the portal recovers once the fault clears.
 * Each case notes its time to a usable page in the test's annotations.
 */

/** The start-up deadline (runtime config default 8 s): every case must be usable sooner. */
const DEADLINE_MS = 8000;
const USER_KEY = `oidc.user:${IDP}:staff-portal`;
const loginForm = (page: Page) => page.getByLabel(/^(Tên đăng nhập|Username)$/);

/** Writes raw localStorage values on the portal's origin without starting the portal (its config file is same-origin). */
async function storeRaw(page: Page, values: Record<string, string>): Promise<void> {
  await page.goto('/config.json');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

/** Opens `path` and waits for `usable`; the time goes to the report. */
async function timeToUsable(page: Page, info: TestInfo, name: string, usable: () => Promise<void>, path = '/'): Promise<number> {
  const started = Date.now();
  await page.goto(path);
  await usable();
  const ms = Date.now() - started;
  info.annotations.push({ type: 'time to a usable page', description: `${name}: ${ms} ms` });
  expect(ms, name).toBeLessThan(DEADLINE_MS);
  return ms;
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const CORRUPT_SESSION_ENTRIES = corruptSessionEntries(() => ({ access_token: 'x', token_type: 'Bearer', expires_at: inAnHour(), profile: { sub: 'staff-0002' } }));

test('a corrupt session entry leads to sign-in at once, whatever it holds; signing in then works and the problem is tracked', async ({ page }, info) => {
  test.setTimeout(120_000);
  for (const [name, entry] of CORRUPT_SESSION_ENTRIES) {
    await storeRaw(page, { [USER_KEY]: entry() });
    await timeToUsable(page, info, `session entry: ${name}`, () => expect(loginForm(page)).toBeVisible({ timeout: DEADLINE_MS }));
  }
  // Recovery: the same tab signs in and starts; the entry is a real user again.
  const tracked = page.waitForRequest(
    (request) => request.url() === `${API}/api/v1/tracking/events` && (request.postData() ?? '').includes('storage_invalid'),
    { timeout: 30_000 },
  );
  await signIn(page, 'cashier', '/');
  await expectShell(page);
  const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), USER_KEY)) ?? 'null') as { profile?: { sub?: string } };
  expect(stored.profile?.sub).toBe('staff-0002');
  // The reports made before sign-in survived the redirect and went out with the first batch.
  const batch = (await tracked).postDataJSON() as { events: Array<{ name: string; properties?: { key?: string } }> };
  expect(batch.events.filter((event) => event.name === 'storage_invalid' && event.properties?.key === USER_KEY).length).toBeGreaterThan(0);
});

test.describe('blocked storage', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    // As Chromium does when site data is blocked: reading localStorage throws. The block lasts while
    // the cookie is there, so the test can lift it and press Retry.
    await context.addCookies([{ name: 'block-storage', value: '1', url: baseURL! }]);
    await context.addInitScript(() => {
      if (!document.cookie.includes('block-storage=1')) return;
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
        },
      });
    });
  });

  test('says so in Vietnamese and English with what to do; Retry works once storage is allowed', async ({ page, context }, info) => {
    const title = page.getByRole('heading', { name: 'Trình duyệt đang chặn bộ nhớ của cổng thông tin' });
    await timeToUsable(page, info, 'blocked localStorage', () => expect(title).toBeVisible({ timeout: DEADLINE_MS }));
    await expect(page.getByText(/cho phép cookie và dữ liệu trang web/)).toBeVisible();
    await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: "This browser is blocking the portal's storage" })).toBeVisible();
    await expect(page.getByText(/Allow cookies and site data for this site/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tiếng Việt' })).toBeVisible();

    // Still blocked: Retry shows the same page again, not a blank one.
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(title).toBeVisible();

    await context.clearCookies();
    await page.getByRole('button', { name: 'Thử lại' }).click();
    await expect(loginForm(page)).toBeVisible();
    await signIn(page, 'cashier', '/');
    await expectShell(page);
  });
});

test.describe('invalid stored values', () => {
  test('a stored seller that cannot be a seller is ignored like an absent one', async ({ page }, info) => {
    // Several starts in a row, each held to the deadline on its own: the test's time is their sum.
    test.setTimeout(120_000);
    // The accountant on platform 1 has one seller there (1): with no usable stored seller it is chosen.
    await storeContext(page, { id: 1, name: 'Sàn Thương mại Việt' }, 1);
    await signIn(page, 'accountant');
    await expectShell(page);
    for (const seller of ['-1', '0', '1.5', '"abc"', '1e300', '{"id":1}']) {
      await storeRaw(page, { currentSeller: seller });
      const headers: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(API) && request.method() !== 'OPTIONS') headers.push(request.headers()['x-seller-id'] ?? 'none');
      });
      await timeToUsable(page, info, `stored seller ${seller}`, () => expectShell(page));
      await expect(page.getByRole('heading', { name: /could not load seller data/i })).toHaveCount(0);
      // Before start-up resolves seller 1 nothing valid is known (several sellers, no usable choice): no header, never the invalid one.
      expect(headers.filter((header) => header !== '1' && header !== 'none'), `X-Seller-Id with stored seller ${seller}`).toEqual([]);
      // A start drawn from its snapshot makes its calls behind the shell: wait for them.
      await expect.poll(() => headers).toContain('1');
      expect(headers.filter((header) => header !== '1' && header !== 'none'), `X-Seller-Id with stored seller ${seller}`).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('currentSeller'))).toBeNull();
      page.removeAllListeners('request');
    }
  });

  test("the cashier's claimed seller wins over an invalid stored one", async ({ page }, info) => {
    await signIn(page, 'cashier');
    await expectShell(page);
    await storeRaw(page, { currentSeller: '-1' });
    const headers: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(API) && request.method() !== 'OPTIONS') headers.push(request.headers()['x-seller-id'] ?? 'none');
    });
    await timeToUsable(page, info, 'cashier, stored seller -1', () => expectShell(page));
    // A start drawn from its snapshot makes its calls behind the shell: wait for them.
    await expect.poll(() => headers.length).toBeGreaterThan(0);
    expect(headers.filter((header) => header !== '2')).toEqual([]);
  });

  test('garbage under the other keys the start reads: the shell starts, and nothing invalid stays stored', async ({ page }, info) => {
    // Several starts in a row, each held to the deadline on its own: the test's time is their sum.
    test.setTimeout(120_000);
    await signIn(page, 'picker');
    await expectShell(page);
    const garbage: Array<Record<string, string>> = [
      { localization: '"fr"' },
      { localization: '{' },
      { isOnlineMode: '"yes"' },
      { sidebarCollapsed: '[]' },
      { currentSite: '-1' },
      { currentSite: '1e300' },
      { currentPlatform: '{"id":-3,"name":"x"}' },
    ];
    // The push keys are read only where push is configured; their readers are covered by the property test.
    for (const values of garbage) {
      await storeRaw(page, values);
      await timeToUsable(page, info, `stored ${JSON.stringify(values)}`, () => expectShell(page));
      // Vietnamese, the default, replaced the unreadable language.
      if ('localization' in values) await expect(page.getByRole('button', { name: /^Tài khoản: / })).toBeVisible();
      const left = await page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), Object.keys(values));
      expect(left.filter((value, index) => value === Object.values(values)[index])).toEqual([]);
    }
  });
});
