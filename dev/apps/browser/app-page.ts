import { createFrameClient, readFrameSettings, type FrameSettings } from '../../../packages/frame-client/index.ts';
import { byId, send, wireControls } from './controls.ts';
import { OFFLINE_CACHE } from './offline-cache.ts';
import { wireSales } from './pos-sales.ts';
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
byId<HTMLInputElement>('route-path').value = location.pathname + location.search;
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
const { offlineWorker, posApi, picking } = document.body.dataset;
if (offlineWorker) void keepOffline(offlineWorker);
// The POS's till sells through the portal's outbox, and takes its products by scan: only inside the shell.
if (posApi && settings) {
  wireSales(client, posApi);
  wireTillScans(client);
}
// The picking page takes scans from the shell's scanner and camera.
if (picking !== undefined && settings) wirePicking(client);

// Everything above is drawn: tell the shell (offline it trusts a frame only once it says so).
// `?no-ready` plays an app built before the message existed.
if (settings && !new URLSearchParams(location.search).has('no-ready')) client.ready();
