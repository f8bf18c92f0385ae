import type { AppKey } from '../../src/config/app-keys.ts';
import type { Product } from '../fixture-loader.ts';
import { escapeHtml } from '../idp/pages.ts';
import { LOADS_EVERY_ROUTE, nextPage, pageTitle, PICKING, PICKING_APP, POS_TILL } from './browser/routes.ts';
import { APP_NAMES } from './names.ts';

/** Browser modules are served from the repository under this prefix, transpiled from TypeScript. */
export const MODULE_PREFIX = '/__sample/';
export const BROWSER_MODULES = [
  'dev/apps/browser/app-page.ts',
  'dev/apps/browser/controls.ts',
  'dev/apps/browser/hostile-page.ts',
  'dev/apps/browser/legacy-page.ts',
  'dev/apps/browser/offline-sw.ts',
  'dev/apps/browser/offline-cache.ts',
  'dev/apps/browser/pos-sales.ts',
  'dev/apps/browser/routes.ts',
  'dev/apps/browser/scanning.ts',
  'packages/frame-client/index.ts',
  'packages/frame-client/protocol.ts',
  'packages/frame-client/outbox.ts',
  'packages/frame-client/outbox-client.ts',
  'packages/frame-client/handshake.ts',
  'packages/frame-client/navigate.ts',
  'packages/frame-client/scanner.ts',
  'packages/frame-client/wedge.ts',
  // The last release before the handshake (tests/fixtures/frame-client-1.0.0): an old app, `?frame-client=1.0.0`.
  'tests/fixtures/frame-client-1.0.0/frame-client.js',
] as const;
export const OFFLINE_SERVICE_WORKER = `${MODULE_PREFIX}dev/apps/browser/offline-sw.ts`;
/** Apps whose catalogue routes work offline (the POS pages, the ERP's to-do list at `/`): they bring their own service worker. */
const OFFLINE_APPS: ReadonlySet<AppKey> = new Set(['pos', 'erp']);

const STYLE = `
  *{box-sizing:border-box} body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b2430;background:#f7f9fc}
  header{padding:12px 16px;background:#243b5a;color:#fff} header h1{margin:0;font-size:1.3rem} header p{margin:4px 0 0;font-size:.85rem;opacity:.85}
  main{padding:16px;max-width:760px} h2{font-size:1.1rem;margin:20px 0 8px} code,pre{font-size:.85rem;word-break:break-all}
  dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0} dt{font-weight:600} dd{margin:0;word-break:break-all}
  .buttons{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px} button{padding:8px 12px;font-size:.95rem;border-radius:6px;border:1px solid #1e6fd9;background:#fff;color:#1e6fd9}
  label{display:block;font-weight:600;margin-bottom:4px} input{width:100%;max-width:420px;padding:8px;font-size:1rem;border:1px solid #8a97a8;border-radius:6px}
  form{display:flex;flex-wrap:wrap;gap:8px;align-items:end} [role=status]{min-height:1.4em;color:#0f5a2f}
`;

function document(title: string, body: string, bodyData: Record<string, string>, script: string): string {
  const data = Object.entries(bodyData)
    .map(([key, value]) => ` data-${key}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style><script type="module" src="${MODULE_PREFIX}${script}"></script></head>
<body${data}>${body}</body></html>`;
}

/** A section of one route (`data-route`) shows on that route only; a page that routes in place hides or shows it as it moves. */
const hiddenUnless = (route: string, path: string) => (route === path ? '' : ' hidden');

const MESSAGE_CONTROLS = `
<section aria-labelledby="messages-heading"><h2 id="messages-heading">Messages to the shell</h2>
  <form id="route-form"><div><label for="route-path">Route path</label><input id="route-path" name="path" autocomplete="off"></div>
  <button type="submit">Sync route</button></form>
  <div class="buttons">
    <button type="button" data-send="edit-start">Start editing</button>
    <button type="button" data-send="edit-end">End editing</button>
    <button type="button" data-send="logout">Log out</button>
    <button type="button" data-send="user-data-request">Request user data</button>
  </div>
  <p id="status" role="status" aria-live="polite"></p>
</section>`;

/** The ERP's home is the shell's home frame (shell.md §2: title 'TodoList'). */
const todoList = (path: string) => `
<section aria-labelledby="todo-heading" data-route="/"${hiddenUnless('/', path)}><h2 id="todo-heading">To-do list</h2>
  <ul><li>Duyệt 3 đơn mua hàng chờ phê duyệt</li><li>Kiểm kê kho Đông Anh trước 17:00</li><li>Đối soát công nợ nhà cung cấp tháng này</li></ul>
</section>`;

/** Every scan of the picking page in one list: the wedge's, the camera's, and what was typed into its own field. */
const pickingPage = (path: string) => `
<section aria-labelledby="picking-heading" data-route="${PICKING}"${hiddenUnless(PICKING, path)}><h2 id="picking-heading">Picking</h2>
  <form id="pick-form"><div><label for="pick-code">Item code</label><input id="pick-code" autocomplete="off"></div>
  <button type="submit">Pick</button></form>
  <div><label for="scan-format">The camera reads</label><select id="scan-format"><option value="">every format</option></select></div>
  <div><label for="scan-timeout">Give up after (seconds)</label><input id="scan-timeout" type="number" min="1" max="600"></div>
  <div class="buttons"><button type="button" id="scan-one">Scan with the camera</button><button type="button" id="scan-shelf">Scan a shelf</button></div>
  <p id="scan-status" role="status" aria-live="polite"></p>
  <ol id="scans" aria-label="Scans received"></ol>
</section>`;

function till(products: readonly Product[], path: string): string {
  const options = products
    .map((product) => `<option value="${escapeHtml(product.sku)}" data-price="${product.price}">${escapeHtml(product.name)} – ${product.price.toLocaleString('vi-VN')} ₫</option>`)
    .join('');
  return `
<section aria-labelledby="sell-heading" data-route="${POS_TILL}"${hiddenUnless(POS_TILL, path)}><h2 id="sell-heading">Sell</h2>
  <form id="sale-form">
    <div><label for="sale-product">Product</label><select id="sale-product">${options}</select></div>
    <div><label for="sale-quantity">Quantity</label><input id="sale-quantity" type="number" min="1" max="999" value="1"></div>
    <div><label for="sale-note">Note</label><input id="sale-note" autocomplete="off"></div>
    <button type="submit">Sell</button>
    <button type="button" id="scan-product">Scan a product</button>
  </form>
  <p id="sale-status" role="status" aria-live="polite"></p>
  <ul id="sales" aria-label="Sales on this device"></ul>
</section>`;
}

/** What the pages of the sample apps need to know of the stack. */
export interface AppsContext {
  /** The API's origin: the POS sells to it. */
  api: string;
  products: readonly Product[];
}

/** Moves in place, for trying the shell's fallback by hand: this page can stop answering them. */
const MOVES = `
<section aria-labelledby="moves-heading"><h2 id="moves-heading">Moves in place</h2>
  <p id="moves" role="status"></p>
  <div class="buttons"><button type="button" id="stop-answering">Stop answering moves</button></div>
</section>`;

/**
 * A sample app's page for any path: names the app and path, shows the shell's settings, sends every
 * message. Every app but one routes in place: its script draws the route the shell sends it (the route's
 * sections are all in the page, the others hidden).
 */
export function appPage(key: AppKey, pathWithQuery: string, context: AppsContext): string {
  const name = APP_NAMES[key];
  const path = pathWithQuery.split('?')[0] ?? '';
  const worksOffline = OFFLINE_APPS.has(key);
  const inPlace = key !== LOADS_EVERY_ROUTE;
  return document(
    pageTitle(name, pathWithQuery),
    `<header><h1>${name}</h1><p>Sample embedded app <code>${key}</code></p></header>
<main>
  <h2 id="page-path">Path: ${escapeHtml(pathWithQuery)}</h2>
  ${key === 'erp' ? todoList(path) : ''}
  ${key === 'pos' ? till(context.products, path) : ''}
  ${key === PICKING_APP ? pickingPage(path) : ''}
  <section aria-labelledby="draft-heading"><h2 id="draft-heading">Work in progress</h2>
    <label for="draft">Draft note</label><textarea id="draft" rows="2" cols="40"></textarea></section>
  ${MESSAGE_CONTROLS}
  ${inPlace ? MOVES : ''}
  <p><a id="next-page" href="${escapeHtml(nextPage(pathWithQuery))}">Next page</a> (a navigation inside the app)</p>
  <p>Loaded at <time id="loaded-at"></time>; page view <output id="page-view"></output> of this app (counted only while shown: <output id="visibility"></output>).</p>
  <!-- Last: the script fills these once it runs, and what it adds moves nothing already drawn (layout shift). -->
  ${worksOffline ? '<p id="offline-status" role="status"></p>' : ''}
  <p id="signed-in-user"></p>
  <p id="shell-protocol"></p>
  <section aria-labelledby="settings-heading"><h2 id="settings-heading">Settings from the shell</h2>
    <p id="embedding"></p><dl id="settings"></dl></section>
</main>`,
    {
      'app-key': key,
      'app-name': name,
      ...(inPlace ? { 'routes-in-place': '' } : {}),
      ...(worksOffline ? { 'offline-worker': OFFLINE_SERVICE_WORKER } : {}),
      ...(key === 'pos' ? { 'pos-api': context.api } : {}),
      ...(key === PICKING_APP ? { picking: '' } : {}),
    },
    // An app built with the frame client 1.0.0 (before the handshake), for the compatibility test.
    new URLSearchParams(pathWithQuery.split('?')[1] ?? '').get('frame-client') === '1.0.0' ? 'dev/apps/browser/legacy-page.ts' : 'dev/apps/browser/app-page.ts',
  );
}

/**
 * Any other host on the apps port: a page that tries every frame-protocol message towards its
 * parent with target '*', for origin-check tests. `?send=all` sends them all on load.
 */
export function hostilePage(host: string): string {
  return document(
    `Hostile test page – ${host}`,
    `<header><h1>Hostile test page</h1><p>${escapeHtml(host)} is no app of the portal: the shell must ignore everything it sends.</p></header>
<main>
  ${MESSAGE_CONTROLS}
  <div class="buttons"><button type="button" data-send="all">Send every message</button></div>
  <section aria-labelledby="received-heading"><h2 id="received-heading">Answers received from the parent</h2><ul id="received"></ul></section>
</main>`,
    {},
    'dev/apps/browser/hostile-page.ts',
  );
}
