import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL, type FrameSettings, type FrameToShellMessage } from '../../packages/frame-client/index.ts';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { startStack, type Stack } from '../stack.ts';
import { SCRATCH_APP_PREFIX, scratchAppDir } from './scratch-app.ts';
import { launchChromium, startStandIn, type StandIn } from '../testing/browser.ts';
import { request } from '../testing/http.ts';

/**
 * A page on another origin plays the shell: it embeds an app in an iframe with settings in the
 * frame's name, records every message, and answers user-data requests with a secret token.
 */
const HOST_PAGE = `<!doctype html><html lang="en"><head><title>Shell stand-in</title></head><body>
<script>
  window.received = [];
  const query = new URLSearchParams(location.search);
  addEventListener('message', (event) => {
    window.received.push({ origin: event.origin, data: event.data });
    if (event.data && event.data.type === 'user-data-request') {
      event.source.postMessage({ protocol: '${PROTOCOL}', type: 'user-data', requestId: event.data.requestId,
        user: { sub: 'staff-0002', name: 'Trần Thị Thu Ngân', email: null, picture: null, accessToken: 'SECRET-ACCESS-TOKEN', sellerId: 2, platformId: 1, siteId: 104 } }, event.origin);
    }
  });
  const frame = Object.assign(document.createElement('iframe'), { id: 'app', title: 'Embedded app', name: query.get('settings'), src: query.get('src') });
  frame.style.cssText = 'width:100%;height:1200px';
  document.body.append(frame);
</script></body></html>`;

let stack: Stack;
let shell: StandIn;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  shell = await startStandIn({ '/host': HOST_PAGE });
  stack = await startStack({ ports: { idp: 0, api: 0, apps: 0 } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await shell?.close();
});
beforeEach(async () => {
  context = await browser.newContext();
  // Below the test timeout, so a missing element fails with its locator named.
  context.setDefaultTimeout(8000);
  page = await context.newPage();
});
afterEach(() => context.close());

const settings: FrameSettings = {
  language: 'vi',
  platformId: 1,
  numberDisplayFormat: { thousandSeparator: '.', decimalSeparator: ',' },
  seller: { id: 2, name: 'Điện máy Đà Nẵng' },
  site: { id: 104, name: 'Cửa hàng Quận 1' },
  parentOrigin: '',
  clientId: 'staff-portal',
  oauthDomain: 'portal.localhost',
  isAdminDomain: false,
  backIcon: true,
  hideBackButton: false,
  isMobileView: false,
  trackerAppId: 'staff-portal-local',
  title: 'Đơn hàng',
  isOnlineMode: true,
  serviceIds: ['orders'],
  pushToken: '',
  notificationAppId: 'staff-portal',
};

async function embed(src: string, extra: Partial<FrameSettings> = {}): Promise<Frame> {
  const query = new URLSearchParams({ src, settings: JSON.stringify({ ...settings, parentOrigin: shell.origin, ...extra }) });
  await page.goto(`${shell.origin}/host?${query}`);
  const handle = await page.waitForSelector('iframe#app');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no frame');
  // The frame starts as about:blank; wait for the app's document and its module scripts.
  await frame.waitForURL(src);
  await frame.waitForLoadState('load');
  return frame;
}

const received = () => page.evaluate(() => (window as unknown as { received: { origin: string; data: FrameToShellMessage }[] }).received);

describe('sample embedded app', () => {
  it('names the app and path, shows the settings from window.name and sends every message', async () => {
    const origin = stack.apps.sellerCenterV2;
    expect(origin).toMatch(/^http:\/\/seller-center-v2\.portal\.localhost:\d+$/);
    const frame = await embed(`${origin}/orders/123?tab=items`);
    await frame.getByRole('heading', { level: 1, name: 'Seller Center V2' }).waitFor();
    await frame.getByRole('heading', { name: 'Path: /orders/123?tab=items' }).waitFor();
    await frame.getByText(`Embedded by ${shell.origin}`).waitFor();
    expect(await frame.locator('#settings').textContent()).toContain('Điện máy Đà Nẵng');
    expect(await frame.locator('html').getAttribute('lang')).toBe('vi');

    await frame.getByLabel('Route path').fill('/orders/marketplace');
    await frame.getByRole('button', { name: 'Sync route' }).click();
    await frame.getByRole('button', { name: 'Start editing' }).click();
    await frame.getByRole('button', { name: 'End editing' }).click();
    await frame.getByRole('button', { name: 'Log out' }).click();
    await frame.getByRole('button', { name: 'Request user data' }).click();
    await frame.getByText('Signed-in user: Trần Thị Thu Ngân').waitFor();
    expect(await frame.content()).not.toContain('SECRET-ACCESS-TOKEN');

    const messages = await received();
    expect(messages.every((message) => message.origin === origin)).toBe(true);
    expect(messages.map((message) => message.data)).toEqual([
      { protocol: PROTOCOL, type: 'ready' }, // once drawn, before anything the user does
      { protocol: PROTOCOL, type: 'route', path: '/orders/marketplace' },
      { protocol: PROTOCOL, type: 'edit-start' },
      { protocol: PROTOCOL, type: 'edit-end' },
      { protocol: PROTOCOL, type: 'logout' },
      { protocol: PROTOCOL, type: 'user-data-request', requestId: expect.any(String) },
    ]);
  });

  it('keeps a draft in its own storage, and clears what it keeps of the person when the shell says the session ended', async () => {
    const origin = stack.apps.warehouseV2;
    const frame = await embed(`${origin}/picking`);
    await frame.getByLabel('Draft note').fill('Kệ A3: thiếu 2 thùng');
    await frame.evaluate(() => sessionStorage.setItem('sample-app:tab', 'x'));
    const stored = () => frame.evaluate(() => [localStorage.getItem('sample-app:draft'), sessionStorage.getItem('sample-app:tab')]);
    expect(await stored()).toEqual(['Kệ A3: thiếu 2 thùng', 'x']);
    // Kept as typed: a reload of the app finds it again.
    await frame.goto(`${origin}/picking`);
    expect(await frame.getByLabel('Draft note').inputValue()).toBe('Kệ A3: thiếu 2 thùng');

    await page.evaluate((target) => document.querySelector('iframe')!.contentWindow!.postMessage({ protocol: 'staff-portal/1', type: 'session-end' }, target), origin);
    await expect.poll(received).toContainEqual({ origin, data: { protocol: PROTOCOL, type: 'session-ended' } });
    expect(await stored()).toEqual([null, null]);
    expect(await frame.getByLabel('Draft note').inputValue()).toBe('');
  });

  it('shows a page-view count and load time, so a reloaded frame can be told from a kept-alive one', async () => {
    const frame = await embed(`${stack.apps.finance}/reports`);
    const loadedAt = () => frame.locator('#loaded-at').getAttribute('datetime');
    const first = await loadedAt();
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT/);
    await expect.poll(() => frame.locator('#page-view').textContent()).toBe('1');
    const firstDocument = await frame.locator('#page-view').getAttribute('data-document');
    await frame.goto(`${stack.apps.finance}/reports?again=1`);
    await expect.poll(() => frame.locator('#page-view').textContent()).toBe('2');
    expect(await loadedAt()).not.toBe(first);
    // The server also counts per document, for tests that share the stack with others.
    const documentViews = (documentId: string | null) => frame.evaluate(async (id) => (await fetch(`/__sample/page-view?document=${id}`)).text(), documentId);
    const secondDocument = await frame.locator('#page-view').getAttribute('data-document');
    expect(secondDocument).not.toBe(firstDocument);
    expect([await documentViews(firstDocument), await documentViews(secondDocument), await documentViews('never-shown')]).toEqual(['1', '1', '0']);
  });

  /** The stand-in shell tells its frame something, as the shell would. */
  const tell = (message: object, origin: string) =>
    page.evaluate(([data, target]) => document.querySelector<HTMLIFrameElement>('iframe#app')!.contentWindow!.postMessage(data, target), [{ protocol: PROTOCOL, ...message }, origin] as const);
  const move = (navigation: string, path: string, title: string) => ({ type: 'navigate', navigation, route: { path, params: {}, query: '', settings: { ...settings, parentOrigin: shell.origin, title } } });

  it('routes in place: draws the route the shell sends in the same document, then answers with route sync naming the move', async () => {
    const origin = stack.apps.pos;
    const frame = await embed(`${origin}/dpos/orders`, { protocolVersion: 2 });
    await frame.getByRole('heading', { name: 'Path: /dpos/orders' }).waitFor();
    const loadedAt = await frame.locator('#loaded-at').getAttribute('datetime');
    await expect.poll(async () => (await received()).find((message) => message.data.type === 'hello')?.data).toMatchObject({ capabilities: expect.arrayContaining(['navigate', 'visibility']) });
    await expect.poll(() => frame.locator('#page-view').textContent()).toMatch(/^\d+$/);
    const views = Number(await frame.locator('#page-view').textContent());

    await tell(move('move-1', '/dpos/create-order', 'Tạo đơn'), origin);
    await frame.getByRole('heading', { name: 'Path: /dpos/create-order' }).waitFor();
    // The till, a section of that route only, shows; the page and its load time are the same.
    await frame.getByRole('heading', { name: 'Sell' }).waitFor();
    expect(await frame.locator('#loaded-at').getAttribute('datetime')).toBe(loadedAt);
    expect(await frame.evaluate(() => [location.pathname, document.title])).toEqual(['/dpos/create-order', 'POS – /dpos/create-order']);
    await expect.poll(async () => (await received()).filter((message) => message.data.type === 'route').map((message) => message.data)).toEqual([
      { protocol: PROTOCOL, type: 'route', path: '/dpos/create-order', navigation: 'move-1' },
    ]);
    // A new route shown is a page view.
    await expect.poll(() => frame.locator('#page-view').textContent()).toBe(String(views + 1));
    expect(await frame.locator('#settings').textContent()).toContain('Tạo đơn');

    // Told to stop answering (by hand, to try the shell's fallback), it draws nothing more and says nothing.
    await frame.getByRole('button', { name: 'Stop answering moves' }).click();
    await tell(move('move-2', '/dpos/orders', 'Đơn hàng'), origin);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await frame.locator('#page-path').textContent()).toBe('Path: /dpos/create-order');
    expect((await received()).filter((message) => message.data.type === 'route')).toHaveLength(1);
  });

  it('one app does not route in place, to show the shell’s fallback: it never takes part in navigate', async () => {
    await embed(`${stack.apps.finance}/cashier/receipt`, { protocolVersion: 2 });
    await expect.poll(async () => (await received()).some((message) => message.data.type === 'hello')).toBe(true);
    for (const { data } of await received()) if (data.type === 'hello') expect(data.capabilities).not.toContain('navigate');
  });

  it('loaded ahead and hidden (a warm frame), it counts no page view until the shell shows it', async () => {
    const origin = stack.apps.crm;
    const frame = await embed(`${origin}/customers`, { protocolVersion: 2, hidden: true });
    await frame.locator('#loaded-at[datetime]').waitFor({ state: 'attached' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await frame.locator('#visibility').textContent()).toBe('hidden');
    expect(await frame.locator('#page-view').textContent()).toBe('');
    await tell({ type: 'visibility', state: 'visible' }, origin);
    await expect.poll(() => frame.locator('#page-view').textContent()).toBe('1');
    expect(await frame.locator('#visibility').textContent()).toBe('visible');
    // Hidden and shown again on the same route: the same page view.
    await tell({ type: 'visibility', state: 'hidden' }, origin);
    await tell({ type: 'visibility', state: 'visible' }, origin);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await frame.locator('#page-view').textContent()).toBe('1');
  });

  it("shows the ERP home as the to-do list, and says so when it is not embedded", async () => {
    await page.goto(`${stack.apps.erp}/`);
    await page.getByRole('heading', { name: 'To-do list' }).waitFor();
    await page.getByText('Not embedded by the Staff Portal shell').waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('status').getByText(/Not embedded/).waitFor();
    expect(await page.locator('meta[name=viewport]').count()).toBe(1);
  });

  it('keeps POS pages working offline with its own service worker', async () => {
    await page.goto(`${stack.apps.pos}/dpos/create-order`);
    await page.getByText('Available offline').waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Path: /dpos/create-order' }).waitFor();
    const offline = await page.goto(`${stack.apps.pos}/dpos/never-visited`);
    expect(offline?.status()).toBe(503);
    await context.setOffline(false);
  });

  it("keeps the ERP's to-do list working offline with its own service worker, like the POS", async () => {
    await page.goto(`${stack.apps.erp}/`);
    await page.getByText('Available offline').waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'To-do list' }).waitFor();
    await context.setOffline(false);
  });
});

describe('the sample apps and the shell’s scanner', () => {
  it('the picking page takes part in the scanner, and lists the scans its shell sends and those typed into its own field', async () => {
    const origin = stack.apps.warehouseSitePos;
    const query = new URLSearchParams({ src: `${origin}/warehousing/export/picking-process`, settings: JSON.stringify({ ...settings, parentOrigin: shell.origin, protocolVersion: 2 }) });
    await page.goto(`${shell.origin}/host?${query}`);
    const frame = (await (await page.waitForSelector('iframe#app')).contentFrame())!;
    await frame.waitForURL(`${origin}/warehousing/export/picking-process`);
    await expect.poll(received).toContainEqual({ origin, data: expect.objectContaining({ type: 'hello', capabilities: expect.arrayContaining(['scanner']) }) });
    const tell = (data: unknown) => page.evaluate(([message, target]) => document.querySelector('iframe')!.contentWindow!.postMessage(message, target), [data, origin] as const);
    await tell({ protocol: PROTOCOL, type: 'welcome', version: 2, capabilities: ['scanner'], scanner: { suffix: 'Enter', prefix: '', maxGapMs: 30, minLength: 4 } });
    await tell({ protocol: PROTOCOL, type: 'scan', scan: { text: '<b>PL-42-0007</b>', source: 'wedge' } });
    await frame.getByLabel('Item code').fill('8934567890123');
    await frame.getByLabel('Item code').press('Enter');
    const scans = frame.getByRole('list', { name: 'Scans received' }).getByRole('listitem');
    await expect.poll(() => scans.allTextContents()).toEqual(['wedge: <b>PL-42-0007</b>', 'typed: 8934567890123']);
    expect(await frame.locator('#scans b').count()).toBe(0);
  });
});

describe('an app built outside the workspace (scratch-app.ts)', () => {
  it('is served from its folder at any app origin for a route asked with ?scratch-app, and nothing outside that folder', async () => {
    const folder = scratchAppDir(stack.ports.apps);
    const pos = `http://pos.portal.localhost:${stack.ports.apps}`;
    rmSync(folder, { recursive: true, force: true });
    expect(await request(`${pos}/dpos/orders?scratch-app`)).toMatchObject({ status: 404, text: expect.stringContaining(folder) });
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'index.html'), '<h1>Scratch</h1>');
    writeFileSync(join(folder, 'classic.html'), '<h1>Classic</h1>');
    writeFileSync(join(folder, 'app.js'), 'export {};');
    try {
      expect(await request(`${pos}/dpos/orders?scratch-app`)).toMatchObject({ status: 200, text: '<h1>Scratch</h1>' });
      expect(await request(`${pos}/dpos/orders?scratch-app=classic`)).toMatchObject({ status: 200, text: '<h1>Classic</h1>' });
      const script = await request(`${pos}${SCRATCH_APP_PREFIX}app.js`);
      expect([script.status, script.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
      // Without the query it is the sample app as ever; outside the folder there is nothing.
      expect((await request(`${pos}/dpos/orders`)).text).toContain('Sample embedded app');
      const secret = `${folder}-secret.txt`;
      writeFileSync(secret, 'SECRET');
      for (const escape of [`..%2F${basename(secret)}`, `%2E%2E/${basename(secret)}`, `..%5C${basename(secret)}`]) {
        expect((await request(`${pos}${SCRATCH_APP_PREFIX}${escape}`)).text).not.toContain('SECRET');
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
      rmSync(`${folder}-secret.txt`, { force: true });
    }
  });
});

describe('hostile page', () => {
  it('serves any other host on the apps port', async () => {
    const port = stack.ports.apps;
    for (const host of [`evil.localhost:${port}`, `evilportal.localhost:${port}`, `127.0.0.1:${port}`]) {
      const response = await request(`http://${host}/anything`);
      expect(response.text).toContain('<h1>Hostile test page</h1>');
    }
  });

  it('sends every frame-protocol message from its own origin with ?send=all', async () => {
    const evil = `http://evil.localhost:${stack.ports.apps}`;
    const frame = await embed(`${evil}/?send=all`);
    await frame.getByText('Sent every message').waitFor();
    // Its client says hello too (the handshake) as it starts.
    await expect.poll(async () => (await received()).length).toBe(6);
    const messages = await received();
    expect(messages.every((message) => message.origin === evil)).toBe(true);
    expect(messages.map((message) => message.data.type).sort()).toEqual(['edit-end', 'edit-start', 'hello', 'logout', 'route', 'user-data-request']);
    // This stand-in answers anyone; the hostile page shows what leaked, which a real shell must prevent.
    await frame.getByText('Received user data for Trần Thị Thu Ngân').waitFor();
  });
});
