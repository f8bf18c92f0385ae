import { createFrameClient, readFrameSettings, type FrameSettings } from '../../../packages/frame-client/index.ts';
import { byId, send, wireControls } from './controls.ts';
import { OFFLINE_CACHE } from './offline-cache.ts';
import { wireSales } from './pos-sales.ts';
import { nextPage, pageTitle, PICKING, POS_TILL } from './routes.ts';
import { wirePicking, wireTillScans } from './scanning.ts';

/** A sample embedded app page: shows the shell's settings and talks to the shell with the real frame client. */

const settings = readFrameSettings();
const client = createFrameClient(parent, settings);

function renderSettings(current: FrameSettings | null) {
  byId('embedding').textContent = current
    ? `Embedded by ${current.parentOrigin}`
    : 'Not embedded by the Staff Portal shell: window.name has no settings.';
  const list = byId('settings');
  list.replaceChildren();
  for (const [key, value] of Object.entries(current ?? {})) {
    const term = document.createElement('dt');
    term.textContent = key;
    const detail = document.createElement('dd');
    detail.textContent = typeof value === 'string' ? value : JSON.stringify(value);
    list.append(term, detail);
  }
  if (current?.language) document.documentElement.lang = current.language;
}

renderSettings(settings);
client.onSettings(renderSettings);
// Links inside the app must not add history entries of their own: the shell keeps one per move.
client.keepHistoryWithShell();

const { appName = '', offlineWorker, posApi, picking } = document.body.dataset;
const routesInPlace = 'routesInPlace' in document.body.dataset;
let tillScans: ((on: boolean) => void) | null = null;
// The picking page takes scans from the shell's scanner and camera (only inside the shell).
const pickingScans = picking !== undefined && settings ? wirePicking(client) : null;

/** Draws the route in the address: the heading, title, the route's own sections, the next page's link. */
function drawRoute() {
  const here = location.pathname + location.search;
  document.title = pageTitle(appName, here);
  byId('page-path').textContent = `Path: ${here}`;
  byId<HTMLInputElement>('route-path').value = here;
  byId<HTMLAnchorElement>('next-page').href = nextPage(here);
  for (const section of document.querySelectorAll<HTMLElement>('[data-route]')) section.hidden = section.dataset.route !== location.pathname;
  // The POS's till sells through the portal's outbox, and takes its products by scan: only inside the shell.
  if (posApi && settings && location.pathname === POS_TILL && !tillScans) {
    wireSales(client, posApi);
    tillScans = wireTillScans(client);
  }
  // Each listens to scans only on its own route.
  tillScans?.(location.pathname === POS_TILL);
  pickingScans?.(location.pathname === PICKING);
}
drawRoute();

// A page view is a route shown: counted once per route and document, and only while the shell shows the
// frame (a warm frame, loaded ahead and hidden, counts none until it is shown).
let counted: string | null = null;
// Names this document to the server's count (tests read what one frame counted with it).
const documentId = Math.random().toString(36).slice(2);
byId('page-view').dataset.document = documentId;
async function countPageView() {
  const here = location.pathname + location.search;
  if (client.visibility.state !== 'visible' || counted === here) return;
  counted = here;
  const output = byId('page-view');
  try {
    output.textContent = await (await fetch(`/__sample/page-view?document=${documentId}`, { method: 'POST' })).text();
  } catch {
    output.textContent = 'not counted (offline)';
  }
}
const showVisibility = () => (byId('visibility').textContent = client.visibility.state);
showVisibility();
client.visibility.onChange(() => {
  showVisibility();
  void countPageView();
});
void client.visibility.whenVisible().then(countPageView);

/** The next frame after the change: the new view is drawn. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

if (routesInPlace) {
  // The shell sends the routes of this app the person opens; the page draws them without a new document.
  let answering = true;
  client.onNavigate(async ({ path, query, settings: routeSettings }) => {
    if (!answering) return new Promise<void>(() => undefined); // never drawn: the shell falls back to a new document
    history.replaceState(history.state, '', path + query);
    drawRoute();
    renderSettings(routeSettings);
    byId('moves').textContent = `Moved in place to ${path + query}`;
    void countPageView();
    await painted();
  });
  byId('stop-answering').addEventListener('click', () => {
    answering = false;
    byId('moves').textContent = 'Not answering moves: the shell loads a new page after its wait';
  });
  // Its own links route in place too: pushState (which the client turns into the shell's route sync).
  byId<HTMLAnchorElement>('next-page').addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    history.pushState(history.state, '', byId<HTMLAnchorElement>('next-page').href);
    drawRoute();
    void countPageView();
  });
}
wireControls((kind) => {
  if (kind === 'all') throw new Error('not offered here');
  // Only the user's name is shown: the answer also carries the access token, which must never be displayed.
  return send(client, kind, (user) => (byId('signed-in-user').textContent = `Signed-in user: ${user.name}`));
});

// An edit in progress, kept in this app's own storage as the person types (the shell keeps the frame
// alive under a shared device's lock screen). When the person leaves a shared device, the app clears
// everything it keeps of them before the shell removes the frame (README "Shared devices").
const DRAFT_KEY = 'sample-app:draft';
const draft = byId<HTMLTextAreaElement>('draft');
const appStorage = (): Storage | null => {
  try {
    return localStorage;
  } catch {
    return null; // storage blocked: the draft lives in the page only
  }
};
draft.value = appStorage()?.getItem(DRAFT_KEY) ?? '';
draft.addEventListener('input', () => appStorage()?.setItem(DRAFT_KEY, draft.value));
client.onSessionEnd(() => {
  draft.value = '';
  byId('signed-in-user').textContent = '';
  appStorage()?.clear();
  try {
    sessionStorage.clear();
  } catch {
    // blocked: nothing was kept there
  }
});

// What the shell speaks and offers this frame (the handshake).
void client.connected.then(({ version, capabilities }) => {
  if (version > 0) byId('shell-protocol').textContent = `Shell protocol ${version}; offers: ${capabilities.join(', ') || 'nothing'}`;
});

// A kept-alive frame keeps its load time; a reloaded one shows a new one (the server counts page views).
const loadedAt = byId<HTMLTimeElement>('loaded-at');
loadedAt.dateTime = new Date().toISOString();
loadedAt.textContent = new Date().toLocaleTimeString();

/** The POS and the ERP's to-do list work offline: their own service worker, plus this page and its modules cached on first visit. */
async function keepOffline(worker: string) {
  const offline = byId('offline-status');
  try {
    await navigator.serviceWorker.register(worker, { scope: '/', type: 'module' });
    const sameOrigin = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).origin === location.origin);
    await (await caches.open(OFFLINE_CACHE)).addAll([location.href, ...sameOrigin]);
    offline.textContent = 'Available offline';
  } catch (error) {
    offline.textContent = `Not available offline: ${(error as Error).message}`;
  }
}
if (offlineWorker) void keepOffline(offlineWorker);

// Everything above is drawn: tell the shell (offline it trusts a frame only once it says so).
// `?no-ready` plays an app built before the message existed.
if (settings && !new URLSearchParams(location.search).has('no-ready')) client.ready();
