import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { rolldown } from 'rolldown';
import { SCRATCH_APP_PREFIX, scratchAppDir } from '../../dev/apps/scratch-app.ts';
import { API, appOrigin, expectShell, salesOf, signIn, useEnglish } from './support.ts';

/**
 * The published form of @staff-portal/frame-client, not the workspace's source: `npm pack` makes the
 * tarball (its prepack builds the package), an app outside the workspace (a scratch directory under the
 * system's temp dir) installs it offline, type-checks and bundles against it by its exports map, and
 * the built shell frames that app in Chromium. The stack's app server serves the built app from its scratch
 * folder (dev/apps/scratch-app.ts) at the POS's origin, a frame the shell allows on the sign-in domain, for a
 * route asked with `?scratch-app`; the shell, the provider, the API and the app's server are the stack's own.
 */
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGE = join(REPO, 'packages/frame-client');
const POS = appOrigin('pos');
/** Where the app server looks for the scratch app's built files. */
const SERVED = scratchAppDir(new URL(POS).port);

let scratch: string;
let installed: string;

const APP_SOURCE = `import { createFrameClient, type Capability } from '@staff-portal/frame-client';
import { createOutbox, OutboxError, type OutboxEntry } from '@staff-portal/frame-client/outbox';
import { createScanner } from '@staff-portal/frame-client/scanner';

const client = createFrameClient();
const outbox = createOutbox(client);
const byId = (id: string) => document.getElementById(id) as HTMLElement;
const capabilities: Capability[] = ['outbox', 'session-end', 'navigate', 'visibility', 'scanner'];
createScanner(client).onScan((scan) => (byId('status').textContent = 'Scanned ' + scan.text));
void client.connected.then(({ version }) => {
  byId('handshake').textContent = 'Shell ' + version + '; supports ' + capabilities.filter((name) => client.supports(name)).join(', ');
});
byId('sync').addEventListener('click', () => client.syncRoute('/dpos/clone-order'));
byId('logout').addEventListener('click', () => client.logout());
byId('sell').addEventListener('click', () => {
  const note = (byId('note') as HTMLInputElement).value;
  const sale = { saleId: crypto.randomUUID(), items: [{ sku: 'TV-SS-55', quantity: 1 }], total: 12990000, note };
  outbox.send({ method: 'POST', url: document.body.dataset.api + '/api/v1/pos/sales', body: sale }).then(
    (entry: OutboxEntry) => (byId('status').textContent = 'Stored ' + note + ' (' + entry.state + ')'),
    (error: unknown) => (byId('status').textContent = 'Not stored: ' + (error instanceof OutboxError ? error.reason : String(error))),
  );
});
client.ready();
`;

const CONTROLS = `<p id="handshake" role="status"></p>
<label for="note">Note</label><input id="note">
<button type="button" id="sell">Sell</button><button type="button" id="sync">Sync route</button><button type="button" id="logout">Log out</button>
<p id="status" role="status"></p>`;

/** The bundled app: its module, built from APP_SOURCE against the installed package. */
const MODULE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scratch app</title>
<script type="module" src="${SCRATCH_APP_PREFIX}app.js"></script></head><body data-api="${API}"><h1>Scratch app (ESM)</h1>${CONTROLS}</body></html>`;

/** An app without a bundler: the classic script from the installed package, and its global. */
const CLASSIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scratch app</title>
<script src="${SCRATCH_APP_PREFIX}vendor/frame-client.iife.js"></script></head><body><h1>Scratch app (classic script)</h1>${CONTROLS}
<script>
  const client = StaffPortalFrameClient.createFrameClient();
  client.connected.then(({ version }) => {
    document.getElementById('handshake').textContent = 'Shell ' + version + '; supports ' + ['outbox', 'session-end', 'navigate', 'visibility', 'scanner'].filter((name) => client.supports(name)).join(', ');
  });
  StaffPortalFrameClient.createScanner(client).onScan(() => undefined);
  document.getElementById('sync').addEventListener('click', () => client.syncRoute('/dpos/clone-order'));
  document.getElementById('logout').addEventListener('click', () => client.logout());
  client.ready();
</script></body></html>`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  scratch = mkdtempSync(join(tmpdir(), 'frame-client-app-'));
  // The tarball as an app team gets it (prepack builds dist/ first).
  const said = execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: PACKAGE, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  // The build's own lines (its sizes) come first on the same output, then pack's JSON.
  const packed = JSON.parse(said.slice(said.search(/^\[/m))) as [{ filename: string; files: { path: string }[] }];
  const tarball = join(scratch, packed[0].filename);
  const files = packed[0].files.map((file) => file.path);
  expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md', 'dist/index.js', 'dist/index.d.ts', 'dist/outbox.js', 'dist/outbox-client.d.ts', 'dist/scanner.js', 'dist/testing.js', 'dist/frame-client.iife.js']));
  // Nothing of the workspace's sources or tests.
  expect(files.filter((path) => !path.startsWith('dist/') && !['package.json', 'README.md', 'CHANGELOG.md'].includes(path))).toEqual([]);

  const app = join(scratch, 'app');
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }));
  // No dependencies of its own, so offline: nothing but the tarball.
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: app, stdio: ['ignore', 'inherit', 'inherit'] });
  installed = join(app, 'node_modules/@staff-portal/frame-client');
  expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'))).toMatchObject({ version: '2.0.0', sideEffects: false });

  // Its types hold for a strict app (the library's own declarations checked too: no skipLibCheck).
  writeFileSync(join(app, 'src/app.ts'), APP_SOURCE);
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: [] }, include: ['src'] }),
  );
  execFileSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: app, stdio: ['ignore', 'inherit', 'inherit'] });

  // Bundled by the package's exports map from the app's own node_modules.
  const bundle = await rolldown({ input: join(app, 'src/app.ts'), cwd: app, platform: 'browser' });
  // Deployed where the stack's app server serves it: the bundle, its pages, and the classic script as an app without a bundler copies it.
  rmSync(SERVED, { recursive: true, force: true });
  await bundle.write({ file: join(SERVED, 'app.js'), format: 'esm' });
  await bundle.close();
  writeFileSync(join(SERVED, 'index.html'), MODULE_PAGE);
  writeFileSync(join(SERVED, 'classic.html'), CLASSIC_PAGE);
  mkdirSync(join(SERVED, 'vendor'));
  copyFileSync(join(installed, 'dist/frame-client.iife.js'), join(SERVED, 'vendor/frame-client.iife.js'));
});

test.afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  rmSync(SERVED, { recursive: true, force: true });
});

/** The cashier signs in at `path`; the scratch app's page (`heading`) is shown, and the handshake told it all the shell offers. */
async function openScratchApp(page: Page, path: string, heading: string) {
  await signIn(page, 'cashier', path);
  await expectShell(page);
  const frame = page.frameLocator('.frame-host iframe:not([hidden])');
  await expect(frame.getByRole('heading', { name: heading })).toBeVisible();
  await expect(frame.locator('#handshake')).toHaveText('Shell 2; supports outbox, session-end, navigate, visibility, scanner');
  return frame;
}

test.beforeEach(async ({ page }) => useEnglish(page));

test('an app that installed the packed tarball and bundled it: the handshake, an outbox write, route sync and logout in the built shell', async ({ page, baseURL }) => {
  const frame = await openScratchApp(page, '/dpos/orders?scratch-app', 'Scratch app (ESM)');

  const note = `package ${Date.now()}`;
  await frame.getByLabel('Note').fill(note);
  await frame.getByRole('button', { name: 'Sell' }).click();
  await expect(frame.locator('#status')).toHaveText(`Stored ${note} (queued)`);
  await expect.poll(async () => (await salesOf('cashier', baseURL!)).filter((sale) => sale.note === note)).toEqual([expect.objectContaining({ sub: 'staff-0002', sellerId: 2 })]);

  await frame.getByRole('button', { name: 'Sync route' }).click();
  await expect(page).toHaveURL('/dpos/clone-order');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Clone order');

  await frame.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible();
});

test('an app without a bundler: the classic script from the installed package, on its global', async ({ page }) => {
  const frame = await openScratchApp(page, '/dpos/orders?scratch-app=classic', 'Scratch app (classic script)');
  await frame.getByRole('button', { name: 'Sync route' }).click();
  await expect(page).toHaveURL('/dpos/clone-order');
});
