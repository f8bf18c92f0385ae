// @vitest-environment happy-dom
/**
 * The sample apps' own tests, as an app team writes them: the app's real page and script in happy-dom,
 * with the package's shell stand-in (`@staff-portal/frame-client/testing`) in place of the portal. No
 * stack, no sign-in. (apps.test.ts drives the same pages in Chromium against the real stack.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createShellStandIn, type ShellStandIn, type ShellStandInOptions } from '../../../packages/frame-client/testing.ts';
import type { AppKey } from '../../../src/config/app-keys.ts';
import { appPage } from '../pages.ts';
import { PICKING, POS_TILL } from './routes.ts';

const API = 'https://api.test';
const PRODUCTS = [
  { sku: 'TV-SS-55', name: 'Tivi Samsung 55 inch', price: 12_990_000 },
  { sku: 'QD-SH-16', name: 'Quạt đứng Senko', price: 450_000 },
];

let stand: ShellStandIn;
let shells = 0;

/** Draws app `key`'s page at `path` as the apps server serves it, puts the stand-in in place and runs the page's script. */
async function open(key: AppKey, path: string, options: ShellStandInOptions = {}) {
  const page = new DOMParser().parseFromString(appPage(key, path, { api: API, products: PRODUCTS }), 'text/html');
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  for (const { name, value } of page.body.attributes) document.body.setAttribute(name, value);
  document.body.replaceChildren(...[...page.body.childNodes].map((node) => document.importNode(node, true)));
  history.replaceState(null, '', path);
  // Each test's shell has an origin of its own: the clients of earlier tests (their listeners stay) ignore it.
  stand = createShellStandIn({ origin: `https://portal-${++shells}.test`, navigateTimeoutMs: 300, ...options });
  vi.resetModules();
  await import('./app-page.ts');
  await vi.waitFor(() => expect(stand.ready).toBe(true));
  // The offline apps' pages try their service worker (happy-dom has none): settled before the next test's page.
  if (document.getElementById('offline-status')) await vi.waitFor(() => expect(text('offline-status')).toMatch(/^Not available offline/));
}

const byRole = (role: string, name: string | RegExp) => {
  const found = [...document.querySelectorAll<HTMLElement>(role === 'button' ? 'button' : role === 'textbox' ? 'input, textarea' : '*')].find((element) => {
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    const text = element.getAttribute('aria-label') ?? label ?? element.textContent ?? '';
    return typeof name === 'string' ? text.trim() === name : name.test(text);
  });
  if (!found) throw new Error(`No ${role} named ${String(name)}`);
  return found;
};
const click = (name: string) => byRole('button', name).click();
const type = (label: string, value: string) => {
  const field = byRole('textbox', label) as HTMLInputElement;
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};
const text = (id: string) => document.getElementById(id)?.textContent ?? '';

beforeEach(() => {
  localStorage.clear();
  // The page counts its views at its own server: answered here, the one boundary faked.
  vi.stubGlobal('fetch', vi.fn(async () => new Response('1')));
});
afterEach(() => {
  stand.close();
  vi.unstubAllGlobals();
});

describe('a sample app in the shell stand-in', () => {
  it('handshakes: takes part in session end, moves in place and visibility, and shows what the shell offers', async () => {
    await open('erp', '/');
    await vi.waitFor(() => expect(text('shell-protocol')).toBe('Shell protocol 2; offers: outbox, session-end, navigate, visibility, scanner'));
    expect(stand.taken).toEqual(expect.arrayContaining(['session-end', 'navigate', 'visibility']));
    expect(stand.taken).not.toContain('scanner'); // no page of the ERP takes scans
    expect(text('embedding')).toBe(`Embedded by ${stand.origin}`);
    expect(stand.dropped).toBe(0);
  });

  it('syncs its route, starts and ends editing, logs out and shows the signed-in user (never the token)', async () => {
    await open('erp', '/');
    type('Route path', '/purchase-orders?page=3');
    byRole('button', 'Sync route').closest('form')!.requestSubmit();
    click('Start editing');
    expect(stand.editing).toBe(true);
    click('End editing');
    click('Log out');
    click('Request user data');
    await vi.waitFor(() => expect(text('signed-in-user')).toBe(`Signed-in user: ${stand.user.name}`));
    expect(stand.routes).toEqual(['/purchase-orders?page=3']);
    expect(stand.edits).toEqual(['start', 'end']);
    expect(stand.editing).toBe(false);
    expect(stand.logouts).toBe(1);
    expect(document.body.textContent).not.toContain(stand.user.accessToken);
  });

  it('routes in place: draws the route the shell asks for and answers with its path; once it stops answering, the shell gets none', async () => {
    await open('erp', '/');
    await expect(stand.navigate('/purchase-orders?page=2')).resolves.toBe('/purchase-orders?page=2');
    expect(text('page-path')).toBe('Path: /purchase-orders?page=2');
    expect(text('moves')).toBe('Moved in place to /purchase-orders?page=2');
    expect(document.title).toBe('ERP – /purchase-orders?page=2');
    click('Stop answering moves');
    await expect(stand.navigate('/')).resolves.toBeNull();
  });

  it('the finance app does not route in place: the shell loads a new page', async () => {
    await open('finance', '/reports');
    expect(stand.taken).not.toContain('navigate');
    await expect(stand.navigate('/reports?page=2')).resolves.toBeNull();
  });

  it('at session end clears its draft and storage before it answers', async () => {
    await open('erp', '/');
    type('Draft note', 'half a purchase order');
    expect(localStorage.getItem('sample-app:draft')).toBe('half a purchase order');
    await expect(stand.endSession()).resolves.toBe(true);
    expect((byRole('textbox', 'Draft note') as HTMLTextAreaElement).value).toBe('');
    expect(localStorage.length).toBe(0);
  });

  it('counts a page view only once the shell shows a warm frame', async () => {
    await open('erp', '/', { settings: { hidden: true } });
    expect(text('visibility')).toBe('hidden');
    expect(fetch).not.toHaveBeenCalled();
    await stand.setVisibility('visible');
    await vi.waitFor(() => expect(text('page-view')).toBe('1'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('on a shell of version 1 (before the handshake) works as before: no hello, the outbox and session end', async () => {
    await open('erp', '/', { version: 1 });
    await vi.waitFor(() => expect(text('shell-protocol')).toBe('Shell protocol 1; offers: outbox, session-end'));
    expect(stand.messages.map((message) => message.type)).not.toContain('hello');
    await expect(stand.endSession()).resolves.toBe(true);
  });
});

describe('the POS till in the shell stand-in', () => {
  it('hands a sale to the outbox and shows it move: stored, delivered with the API’s answer', async () => {
    await open('pos', POS_TILL);
    type('Note', 'table 4');
    byRole('button', 'Sell').closest('form')!.requestSubmit();
    await vi.waitFor(() => expect(text('sale-status')).toBe('Sale table 4 stored on this device'));
    const [entry] = stand.outbox;
    expect(entry).toMatchObject({ method: 'POST', url: `${API}/api/v1/pos/sales`, state: 'queued' });
    expect(JSON.parse(entry!.body!)).toMatchObject({ items: [{ sku: 'TV-SS-55', quantity: 1 }], total: 12_990_000, note: 'table 4' });
    expect(text('sales')).toBe('Sale table 4: waiting');
    await stand.updateEntry(entry!.id, { state: 'delivered', answer: { status: 201, body: '{}', truncated: false } });
    await vi.waitFor(() => expect(text('sales')).toBe('Sale table 4: delivered (201)'));
  });

  it('a failed sale can be discarded; a refused one says why', async () => {
    await open('pos', POS_TILL, { outbox: (write) => (write.body?.includes('refuse me') ? 'url-not-allowed' : 'stored') });
    type('Note', 'one');
    byRole('button', 'Sell').closest('form')!.requestSubmit();
    await vi.waitFor(() => expect(stand.outbox).toHaveLength(1));
    await stand.updateEntry(stand.outbox[0]!.id, { state: 'failed', problem: { reason: 'refused', status: 422 } });
    await vi.waitFor(() => expect(text('sales')).toContain('Sale one: failed (refused 422)'));
    click('Discard Sale one: failed (refused 422)');
    await vi.waitFor(() => expect(text('sales')).toBe(''));
    expect(stand.outbox).toEqual([]);
    type('Note', 'refuse me');
    byRole('button', 'Sell').closest('form')!.requestSubmit();
    await vi.waitFor(() => expect(text('sale-status')).toBe('Sale refuse me not stored: url-not-allowed'));
  });

  it('takes a product by scan on the till, one more by a second scan, and no scans once moved elsewhere', async () => {
    await open('pos', POS_TILL);
    await vi.waitFor(() => expect(stand.taken).toContain('scanner'));
    await expect(stand.sendScan('QD-SH-16')).resolves.toBe(true);
    expect((document.getElementById('sale-product') as HTMLSelectElement).value).toBe('QD-SH-16');
    await stand.sendScan('QD-SH-16');
    expect(text('sale-status')).toBe('Scanned Quạt đứng Senko – 450.000 ₫: quantity 2');
    await stand.sendScan('NOPE-1');
    expect(text('sale-status')).toBe('No product with the code NOPE-1');
    await expect(stand.navigate('/dpos/orders')).resolves.toBe('/dpos/orders');
    await vi.waitFor(() => expect(stand.taken).not.toContain('scanner'));
    await expect(stand.sendScan('QD-SH-16')).resolves.toBe(false);
  });
});

describe('the picking page in the shell stand-in', () => {
  it('lists the wedge’s scans and the camera’s codes, a shelf of them, and why the camera gave none', async () => {
    await open('warehouseSitePos', PICKING);
    await vi.waitFor(() => expect(stand.taken).toContain('scanner'));
    await stand.sendScan('PL-0042');
    click('Scan with the camera');
    await vi.waitFor(() => expect(stand.scanRequests).toHaveLength(1));
    await stand.readCode('LOC-A1', 'code_128');
    await vi.waitFor(() => expect(text('scan-status')).toBe('Camera closed'));
    click('Scan a shelf');
    await vi.waitFor(() => expect(stand.scanRequests).toHaveLength(2));
    expect(stand.scanRequests[1]).toMatchObject({ continuous: true });
    await stand.readCode('BIN-1');
    await stand.readCode('BIN-2');
    await stand.closeCamera();
    await vi.waitFor(() => expect(text('scan-status')).toBe('Shelf: 2 codes'));
    click('Scan with the camera');
    await vi.waitFor(() => expect(stand.scanRequests).toHaveLength(3));
    await stand.closeCamera('permission-denied');
    await vi.waitFor(() => expect(text('scan-status')).toBe('No code: permission-denied'));
    expect([...document.querySelectorAll('#scans li')].map((item) => item.textContent)).toEqual([
      'wedge: PL-0042',
      'camera (code_128): LOC-A1',
      'camera (qr_code): BIN-1',
      'camera (qr_code): BIN-2',
    ]);
  });

  it('on a shell that offers no scanner: says so, and the camera refuses with not-supported without asking', async () => {
    await open('warehouseSitePos', PICKING, { capabilities: ['outbox', 'session-end', 'navigate', 'visibility'] });
    await vi.waitFor(() => expect(text('scan-status')).toBe('This shell offers no scanner'));
    click('Scan with the camera');
    await vi.waitFor(() => expect(text('scan-status')).toBe('No code: not-supported'));
    expect(stand.scanRequests).toEqual([]);
    await expect(stand.sendScan('PL-0042')).resolves.toBe(false);
  });
});
