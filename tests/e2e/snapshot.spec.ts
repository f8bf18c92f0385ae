import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page, type Request, type Route } from '@playwright/test';
import { startStack, type Stack } from '../../dev/stack.ts';
import { controlledByServiceWorker, expectShell, signIn, useEnglish } from './support.ts';

/**
 * The start snapshot (instant start): a second start draws the shell from the last start, then
 * reconciles with what the back end says now. This file runs its own stack on free ports so it can
 * change the fixtures between two starts without touching the other tests' stack.
 */
let stack: Stack;
let pristine: string;
let pristineConfig: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  stack = await startStack({ ports: { idp: 0, api: 0, apps: 0 }, portal: { mode: 'preview', port: 0 } });
  pristine = JSON.stringify({ users: stack.fixtures.users, flags: stack.fixtures.flags });
  pristineConfig = readFileSync(stack.configFile, 'utf8');
});
test.afterAll(async () => stack?.close());

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  // Each test starts from the built-in fixtures (the objects the provider and API read are changed in place).
  const { users, flags } = JSON.parse(pristine) as Pick<Stack['fixtures'], 'users' | 'flags'>;
  users.forEach((user, index) => {
    const current = stack.fixtures.users[index]! as Record<string, unknown>;
    for (const key of Object.keys(current)) if (!(key in user)) delete current[key]; // e.g. a lifetime a test set
    Object.assign(current, user);
  });
  flags.forEach((flag, index) => Object.assign(stack.fixtures.flags[index]!, flag));
  writeFileSync(stack.configFile, pristineConfig);
});

/** Changes the runtime config the portal serves. */
interface ConfigChange {
  ribbon: string | null;
  brands: { hosts: Record<string, { appName: string }> };
  startup?: { snapshotMaxAgeHours?: number; deadlineSeconds?: number };
}
function changeConfig(change: (config: ConfigChange) => void): void {
  const config = JSON.parse(readFileSync(stack.configFile, 'utf8')) as ConfigChange;
  change(config);
  writeFileSync(stack.configFile, JSON.stringify(config));
}

const fixtureUser = (username: string) => stack.fixtures.users.find((user) => user.username === username)!;
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** The start snapshot as IndexedDB holds it, or null. */
type StoredSnapshot = { sub: string; parts: Record<string, unknown> } | null;
/** The snapshot's record: the snapshot and when it was saved. */
type SnapshotRecord = { value?: StoredSnapshot; savedAt?: number } | undefined;
function snapshotRecord(page: Page): Promise<SnapshotRecord> {
  return page.evaluate(
    () =>
      new Promise<SnapshotRecord>((resolve) => {
        const open = indexedDB.open('staff-portal-cache');
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('records')) return resolve(undefined);
          const get = db.transaction('records').objectStore('records').get('snapshot');
          get.onsuccess = () => resolve(get.result as SnapshotRecord);
          get.onerror = () => resolve(undefined);
        };
      }),
  );
}
const storedSnapshot = async (page: Page): Promise<StoredSnapshot> => (await snapshotRecord(page))?.value ?? null;

/** Signs in and waits for the start to store its snapshot. */
async function firstStart(page: Page, username: string, path: string): Promise<void> {
  await signIn(page, username as Parameters<typeof signIn>[1], `${stack.portal}${path}`);
  await expectShell(page);
  await expect.poll(async () => (await storedSnapshot(page))?.sub).toBe(fixtureUser(username).claims.sub);
  // The worker registers once the shell is drawn; the next start is served by it (and its config copy).
  await controlledByServiceWorker(page);
}

/**
 * The provider ended the session: its cookie is gone (or the provider would sign in again at once),
 * the access token has run out and the provider refuses the stored refresh token.
 */
async function endProviderSession(page: Page, context: BrowserContext): Promise<void> {
  await context.clearCookies();
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((name) => name.startsWith('oidc.user:'))) {
      const entry = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...entry, refresh_token: 'revoked', expires_at: Math.floor(Date.now() / 1000) - 60 }));
    }
  });
}

test('a second start draws the shell and the start frame before any API call answers', async ({ page }) => {
  await firstStart(page, 'cashier', '/dpos/orders');
  const held: Route[] = [];
  await page.route(`${stack.api}/**`, (route) => void held.push(route));
  await page.reload();
  await expectShell(page);
  await expect(menu(page).getByRole('link', { name: 'Point-of-sale orders', exact: true })).toBeVisible();
  await expect(page.locator('.frame-host iframe:not([hidden])')).toHaveAttribute('src', /\/dpos\/orders/);
  await expect(page.getByRole('status')).toHaveCount(0); // no spinner
  // The revalidation behind it is waiting on the held API.
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await page.unroute(`${stack.api}/**`);
  await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
});

test('a second start draws the shell in the page’s first render: the start spinner the app draws never shows', async ({ page }) => {
  await firstStart(page, 'cashier', '/dpos/orders');
  // From the page's first script on: whether the app ever drew its start spinner (index.html's own
  // placeholder is a progressbar, the app's a status) before the shell.
  await page.addInitScript(() => {
    const seen = { spinner: false };
    (window as unknown as { __startSeen: typeof seen }).__startSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('#root [data-boot-spinner][role="status"]')) seen.spinner = true;
    }).observe(document, { subtree: true, childList: true });
  });
  await page.reload();
  await expectShell(page);
  expect(await page.evaluate(() => (window as unknown as { __startSeen: { spinner: boolean } }).__startSeen.spinner)).toBe(false);
});

test('a repeat start waits on nothing: with every request that leaves the worker held, the menu and the start frame are drawn', async ({ page, context }) => {
  await firstStart(page, 'cashier', '/dpos/orders');
  // Whatever the worker does not answer itself — the config's revalidation, the provider, the API,
  // the embedded app — never answers.
  const held: string[] = [];
  await context.route('**/*', (route) => void held.push(route.request().url()));
  // Not until `load`: the start frame is in the page from its first script on, and its page never answers.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(menu(page).getByRole('link', { name: 'Point-of-sale orders', exact: true })).toBeVisible();
  await expect(page.locator('.frame-host iframe:not([hidden])')).toHaveAttribute('src', /\/dpos\/orders/);
  await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0); // no start-up spinner
  // The network was asked, behind the drawn shell (the start frame's page at least).
  expect(held.length).toBeGreaterThan(0);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a permission removed between two starts: the route turns 403 and its menu item goes, in place', async ({ page }) => {
  await firstStart(page, 'cashier', '/dpos/orders');
  const cashier = fixtureUser('cashier');
  cashier.claims.permissions = cashier.claims.permissions.filter((permission) => permission !== 'sale-portal:order:read');
  await page.reload();
  await expectShell(page);
  await expect(page.getByRole('heading', { name: 'You have no permission to access this page.' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Point-of-sale orders', exact: true })).toHaveCount(0);
  await expect.poll(async () => JSON.stringify((await storedSnapshot(page))?.parts.user)).not.toContain('sale-portal:order:read');
});

test('a flag turned off between two starts: the route turns 404 and its menu item goes', async ({ page }) => {
  await firstStart(page, 'cashier', '/cashier/finance/payment-receipt-list');
  await expect(menu(page).getByRole('link', { name: 'Receipts and vouchers', exact: true })).toBeVisible();
  stack.fixtures.flags.find((flag) => flag.key === 'refactored-finance-pos')!.enabled = false;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'The page does not exist.' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Receipts and vouchers', exact: true })).toHaveCount(0);
});

test('the seller gone between two starts: the no-valid-seller message replaces the shell', async ({ page }) => {
  await firstStart(page, 'cashier', '/');
  (fixtureUser('cashier').claims.meta_data as Record<string, unknown>).seller_id = '999';
  await page.reload();
  await expect(page.getByRole('heading', { name: /no valid seller or site assigned/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'hotro@staff-portal.example' })).toBeVisible();
});

test('the shown site gone between two starts: the invalid-site dialog, and OK reloads into a valid site', async ({ page }) => {
  await firstStart(page, 'picker', '/');
  const siteShown = ((await storedSnapshot(page))?.parts.site as { id: number }).id;
  const metaData = fixtureUser('picker').claims.meta_data as { siteIds: number[] };
  metaData.siteIds = metaData.siteIds.filter((id) => id !== siteShown);
  await page.reload();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('The system detected that you switched to another site');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expectShell(page);
  await expect.poll(async () => ((await storedSnapshot(page))?.parts.site as { id: number }).id).not.toBe(siteShown);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('a session that cannot be renewed: the second start goes to sign-in', async ({ page, context }) => {
  await firstStart(page, 'cashier', '/');
  await endProviderSession(page, context);
  await page.reload();
  await expect(page.getByLabel(/^(Tên đăng nhập|Username)$/)).toBeVisible();
});

test('after a sign-in redirect the user lands on the page they opened', async ({ page, context }) => {
  await firstStart(page, 'cashier', '/');
  await endProviderSession(page, context);
  await page.goto(`${stack.portal}/500`);
  await page.getByLabel(/^(Tên đăng nhập|Username)$/).fill('cashier');
  await page.getByLabel(/^(Mật khẩu|Password)$/).fill('cashier123');
  await page.getByRole('button', { name: /^(Đăng nhập|Sign in)$/ }).click();
  await page.waitForURL((url) => !url.hostname.startsWith('id.') && !url.pathname.startsWith('/callback'));
  await expectShell(page);
  expect(new URL(page.url()).pathname).toBe('/500');
});

test('a repeat start with a valid access token makes no token request: fresh claims come from userinfo', async ({ page }) => {
  await firstStart(page, 'cashier', '/dpos/orders');
  const tokenRequests: string[] = [];
  const userinfo: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${stack.issuer}/token`)) tokenRequests.push(request.url());
    if (request.url().startsWith(`${stack.issuer}/me`) && request.method() === 'GET') userinfo.push(request.url());
  });
  for (let start = 0; start < 3; start++) {
    await page.reload();
    await expect(menu(page).getByRole('link', { name: 'Point-of-sale orders', exact: true })).toBeVisible();
    await expect.poll(() => userinfo.length).toBe(start + 1);
  }
  expect(tokenRequests).toEqual([]);
});

/**
 * 20 starts, each left 30–120 ms after its shell appears for another page (the member of staff taps
 * another module at once: a new document while the start is under way). Returns the page loads that
 * went to the identity provider and the token requests made meanwhile.
 */
async function interruptedStarts(page: Page): Promise<{ toProvider: string[]; tokenRequests: string[] }> {
  const toProvider: string[] = [];
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().startsWith(stack.issuer)) toProvider.push(request.url());
    if (request.url().startsWith(`${stack.issuer}/token`)) tokenRequests.push(request.url());
  });
  const pages = ['/dpos/orders', '/', '/cashier/finance/payment-receipt-list'];
  for (let start = 0; start < 20; start++) {
    await page.goto(`${stack.portal}${pages[start % pages.length]}`);
    await expectShell(page);
    await page.waitForTimeout(30 + ((start * 37) % 91));
  }
  await page.goto(`${stack.portal}/`);
  await expectShell(page);
  return { toProvider, tokenRequests };
}

test('starts interrupted by opening another page never go through sign-in (20 in a row, rotating refresh tokens)', async ({ page }) => {
  test.setTimeout(180_000);
  await firstStart(page, 'cashier', '/dpos/orders');
  const { toProvider, tokenRequests } = await interruptedStarts(page);
  expect(toProvider).toEqual([]);
  expect(tokenRequests).toEqual([]);
});

test('starts interrupted while the token renews never go through sign-in (20 in a row, each start spending a rotating refresh token)', async ({ page }) => {
  test.setTimeout(180_000);
  await firstStart(page, 'cashier', '/dpos/orders');
  // From now on every access token ends within the renew-ahead window, so every start renews, and
  // some pages leave while the provider's answer (the rotated token) is on the wire.
  fixtureUser('cashier').accessTokenTtl = 120;
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((name) => name.startsWith('oidc.user:'))) {
      const entry = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...entry, expires_at: Math.floor(Date.now() / 1000) + 120 }));
    }
  });
  const { toProvider, tokenRequests } = await interruptedStarts(page);
  expect(tokenRequests.length).toBeGreaterThanOrEqual(10); // the starts did renew
  expect(toProvider).toEqual([]);
});

test('one device, two people: after the cashier logs out and the picker signs in, nothing of the cashier’s snapshot is left', async ({ page }) => {
  await firstStart(page, 'cashier', '/');
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByLabel(/^(Tên đăng nhập|Username)$/)).toBeVisible();
  await firstStart(page, 'picker', '/');
  const snapshot = JSON.stringify(await storedSnapshot(page));
  expect(snapshot).toContain(fixtureUser('picker').claims.sub);
  expect(snapshot).not.toContain(fixtureUser('cashier').claims.sub);
  expect(snapshot).not.toContain(fixtureUser('cashier').claims.name);
  await expect(page.getByRole('button', { name: /^Account: / })).toHaveAccessibleName(new RegExp(fixtureUser('picker').claims.name));
});

test('a config change of the brand applies at once: the start from the worker’s copy reloads into the new brand', async ({ page }) => {
  await firstStart(page, 'cashier', '/');
  await expect(page).toHaveTitle(/Staff Desktop/);
  changeConfig((config) => (config.brands.hosts['portal.localhost']!.appName = 'Kho Miền Nam'));
  await page.reload();
  await expect(page).toHaveTitle(/Kho Miền Nam/);
  await expectShell(page);
});

test('any other config change waits for the next start (no reload under the user’s hands)', async ({ page }) => {
  await firstStart(page, 'cashier', '/');
  await expect(page.getByRole('note')).toHaveText('DEV');
  changeConfig((config) => (config.ribbon = 'STAG'));
  await page.reload();
  await expectShell(page);
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  // The worker has the new copy once it has revalidated: the next start shows it.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('runtime-config')).match('/config.json'))?.text()))
    .toContain('STAG');
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  await expect(page.getByRole('note')).toHaveText('DEV');
  await page.reload();
  await expect(page.getByRole('note')).toHaveText('STAG');
});

test('past the start-up deadline the page names what is still loading; with an older snapshot of this user it continues offline', async ({ page, context }) => {
  await firstStart(page, 'cashier', '/');
  // A 2 s deadline from the next start on (the first start keeps the usual one, or a busy machine
  // could stall it): the worker answers its copy and takes the new config behind the start.
  changeConfig((config) => (config.startup = { deadlineSeconds: 2 }));
  const reloadedAt = await page.evaluate(() => Date.now());
  await page.reload();
  await expectShell(page);
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('runtime-config')).match('/config.json'))?.text()))
    .toContain('"deadlineSeconds":2');
  // The start's revalidation behind the shell stores the user and the snapshot anew: let it finish before ageing them.
  await expect.poll(async () => (await snapshotRecord(page))?.savedAt ?? 0).toBeGreaterThanOrEqual(reloadedAt);
  // Half a day later: the snapshot is too old to draw, the token has expired, and the provider is slow.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('staff-portal-cache');
        open.onsuccess = () => {
          const store = open.result.transaction('records', 'readwrite').objectStore('records');
          const get = store.get('snapshot');
          get.onsuccess = () => {
            store.put({ ...get.result, savedAt: Date.now() - 13 * 3_600_000 });
            store.transaction.oncomplete = () => resolve();
          };
        };
        open.onerror = () => reject(open.error);
      }),
  );
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((name) => name.startsWith('oidc.user:'))) {
      const entry = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...entry, expires_at: Math.floor(Date.now() / 1000) - 60 }));
    }
  });
  await context.route(`${stack.issuer}/token`, () => undefined);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'The portal is taking longer than usual to start' })).toBeVisible();
  await expect(page.getByText(/Still waiting for (the feature settings|your sellers)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue offline' }).click();
  await expect(page.getByRole('note')).toHaveText('Offline Mode');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'To-do list' })).toBeVisible();
});

/** The frame-first record the shell keeps for the next start's boot step (src/start/frame-first/rules.ts). */
type FrameFirstRecord = { sub: string; frames: { path: string }[] } | null;
const frameFirstRecord = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('frameFirst') ?? 'null') as FrameFirstRecord);
const recordedPaths = async (page: Page) => (await frameFirstRecord(page))?.frames.map((frame) => frame.path) ?? [];
/** Whether the most recent recorded route was shown from the tablet width up. */
const recordedWide = async (page: Page) => ((await frameFirstRecord(page)) as { frames: { box: { wide: boolean } }[] } | null)?.frames[0]?.box.wide;

/**
 * The page's network as one with a round trip of `ms` (DevTools' emulation, which the browser's NetInfo
 * estimate reports, rounded to 50 ms): set, rather than left to the browser's own estimate of loopback.
 */
async function emulateRoundTrip(page: Page, ms: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: ms, downloadThroughput: -1, uploadThroughput: -1 });
  const estimate = Math.round(ms / 50) * 50;
  await expect.poll(() => page.evaluate(() => (navigator as Navigator & { connection: { rtt: number } }).connection.rtt)).toBe(estimate);
}

/**
 * Reloads and lists, in order, the requests of a frame's document ('frame <url>') and of the shell's
 * entry script ('entry'), until the shell is drawn.
 */
async function startRequests(page: Page, path: string): Promise<string[]> {
  const seen: string[] = [];
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() !== page.mainFrame()) seen.push(`frame ${request.url()}`);
    else if (/\/assets\/index-[\w-]+\.js$/.test(request.url())) seen.push('entry');
  };
  page.on('request', onRequest);
  await page.goto(`${stack.portal}${path}`);
  await expectShell(page);
  // Whatever the start frame does after it has loaded counts too (a second load would show here).
  await page.waitForTimeout(1000);
  page.off('request', onRequest);
  return seen;
}

test.describe('frame first', () => {
  test('a repeat start requests the start frame before the shell’s entry script, and the shell adopts it: it loads once', async ({ page }) => {
    await firstStart(page, 'cashier', '/dpos/orders');
    await expect.poll(() => recordedPaths(page)).toEqual(['/dpos/orders']);
    const seen = await startRequests(page, '/dpos/orders');
    expect(seen[0]).toMatch(/^frame .*\/dpos\/orders/);
    expect(seen.filter((request) => request.startsWith('frame '))).toHaveLength(1);
    expect(seen).toContain('entry');
    // The frame the boot step created is the one the shell shows.
    await expect(page.locator('.frame-host .frame-host__adopted iframe:not([hidden])')).toHaveAttribute('src', /\/dpos\/orders/);
    await expect(page.locator('.frame-first')).toHaveCount(0);
    await expect(page.frameLocator('.frame-host iframe:not([hidden])').locator('body')).not.toBeEmpty();
  });

  test('another user’s record creates no frame: the start takes today’s path', async ({ page }) => {
    await firstStart(page, 'cashier', '/dpos/orders');
    await expect.poll(() => recordedPaths(page)).toEqual(['/dpos/orders']);
    const picker = fixtureUser('picker').claims.sub;
    await page.evaluate((sub) => {
      const record = JSON.parse(localStorage.getItem('frameFirst')!) as Record<string, unknown>;
      localStorage.setItem('frameFirst', JSON.stringify({ ...record, sub }));
    }, picker);
    const seen = await startRequests(page, '/dpos/orders');
    expect(seen[0]).toBe('entry');
    await expect(page.locator('.frame-host__adopted')).toHaveCount(0);
    await expect(page.locator('.frame-host iframe:not([hidden])')).toHaveAttribute('src', /\/dpos\/orders/);
  });

  test('a start in a viewport across the tablet width from the recorded one creates no frame, and no frame moves', async ({ page, context }) => {
    await firstStart(page, 'cashier', '/dpos/orders');
    await expect.poll(() => recordedPaths(page)).toEqual(['/dpos/orders']);
    await page.close();
    // The next start on a narrower screen (a phone turned, a smaller window): the sidebar is a drawer
    // there, so the recorded box is wrong for it.
    const narrow = await context.newPage();
    await narrow.setViewportSize({ width: 600, height: 800 });
    const seen = await startRequests(narrow, '/dpos/orders');
    expect(seen[0]).toBe('entry');
    await expect(narrow.locator('.frame-host__adopted')).toHaveCount(0);
    await expect(narrow.locator('.frame-host iframe:not([hidden])')).toHaveAttribute('src', /\/dpos\/orders/);
    // Shown at this width, the route is recorded again, for this side of the tablet width.
    await expect.poll(() => recordedWide(narrow)).toBe(false);
    // On a slow network, where a start below the tablet width takes frame first (the next test).
    await emulateRoundTrip(narrow, 150);
    const again = await startRequests(narrow, '/dpos/orders');
    expect(again[0]).toMatch(/^frame .*\/dpos\/orders/);
  });

  test('a handheld on a fast network draws the shell first: the picture, then the shell creates the frame; on a slow network the frame comes first', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await firstStart(page, 'cashier', '/dpos/orders');
    await expect.poll(() => recordedWide(page)).toBe(false);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('frameFirst') ?? 'null')?.frames[0]?.picture !== null)).toBe(true);
    // The boot step's picture is removed once the shell draws: each start notes whether it was drawn.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.shell-picture')) return;
        sessionStorage.setItem('pictureDrawn', 'yes');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const pictureDrawn = () => page.evaluate(() => sessionStorage.getItem('pictureDrawn') === 'yes');
    // A fast network, as the warehouse's Wi-Fi: a round trip of 20 ms.
    await emulateRoundTrip(page, 20);
    await page.evaluate(() => sessionStorage.removeItem('pictureDrawn'));
    const fast = await startRequests(page, '/dpos/orders');
    expect(fast[0]).toBe('entry');
    expect(fast.filter((request) => request.startsWith('frame '))).toHaveLength(1);
    expect(await pictureDrawn()).toBe(true);
    await expect(page.locator('.frame-first')).toHaveCount(0);
    await expect(page.locator('.frame-host__adopted')).toHaveCount(0);
    await expect(page.frameLocator('.frame-host iframe:not([hidden])').locator('body')).not.toBeEmpty();

    await emulateRoundTrip(page, 150);
    await page.evaluate(() => sessionStorage.removeItem('pictureDrawn'));
    const slow = await startRequests(page, '/dpos/orders');
    expect(slow[0]).toMatch(/^frame .*\/dpos\/orders/);
    expect(slow.filter((request) => request.startsWith('frame '))).toHaveLength(1);
    expect(await pictureDrawn()).toBe(true);
    await expect(page.locator('.frame-host .frame-host__adopted iframe:not([hidden])')).toHaveAttribute('src', /\/dpos\/orders/);
  });

  test('a route the snapshot no longer allows creates no frame', async ({ page }) => {
    await firstStart(page, 'cashier', '/dpos/orders');
    await expect.poll(() => recordedPaths(page)).toEqual(['/dpos/orders']);
    const cashier = fixtureUser('cashier');
    cashier.claims.permissions = cashier.claims.permissions.filter((permission) => permission !== 'sale-portal:order:read');
    // This start still draws the last snapshot's frame, then the fresh claims take the route away.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'You have no permission to access this page.' })).toBeVisible();
    await expect(page.locator('.frame-host iframe:not([hidden])')).toHaveCount(0);
    await expect.poll(() => recordedPaths(page)).toEqual([]);
    const seen = await startRequests(page, '/dpos/orders');
    expect(seen.filter((request) => request.startsWith('frame '))).toEqual([]);
    await expect(page.getByRole('heading', { name: 'You have no permission to access this page.' })).toBeVisible();
  });
});
