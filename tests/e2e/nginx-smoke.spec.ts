/**
 * Production serving: Debian's nginx serves dist/ with the configuration that
 * scripts/nginx-conf.ts generates from the local stack's runtime config, CSP enforced. The smoke
 * path — sign-in, a frame route, an offline reload — must run through it without one violation.
 */
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startStack, type Stack } from '../../dev/stack.ts';
import { contentSecurityPolicy, freePort, readRuntimeConfig, startNginx, type RunningNginx } from '../../scripts/nginx-conf.ts';
import { activeFrame, expectShell, signIn, useEnglish } from './support.ts';

const titles = JSON.parse(readFileSync('src/i18n/locales/en/routes.json', 'utf8')) as { Cashier: { Group: string; Receipt: string } };
let stack: Stack;
let nginx: RunningNginx;

/** A GET with another Host header than the address's (node's http: fetch may not set Host). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/** A GET's body as nginx sent it, still gzip-encoded (fetch would decode it). */
function bytesAsSent(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

test.beforeAll(async () => {
  // The provider only sends the code back to origins it knows: nginx's port must be one of them.
  const port = await freePort();
  stack = await startStack({ ports: { idp: 0, api: 0, apps: 0 }, portal: { mode: 'none' }, portalOriginPorts: [port] });
  nginx = await startNginx({ root: 'dist', runtimeConfigFile: stack.configFile, port });
});

test.afterAll(async () => {
  await nginx?.close();
  await stack?.close();
});

test('nginx answers with the generated headers, caching and fallbacks', async ({ request }) => {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file;
  const csp = contentSecurityPolicy(readRuntimeConfig(stack.configFile));
  const get = (path: string) => request.get(`${nginx.loopback}${path}`, { headers: { 'accept-encoding': 'gzip' } });

  const index = await get('/');
  expect(index.headers()['content-security-policy']).toBe(csp);
  expect(index.headers()['x-content-type-options']).toBe('nosniff');
  expect(index.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(index.headers()['cache-control']).toBe('no-cache');
  const route = await get('/cashier/receipt');
  expect(route.status()).toBe(200);
  expect(await route.text()).toBe(await index.text());

  const script = await get(`/${entry}`);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['content-encoding']).toBe('gzip');
  // A script is no document: no policy (1.4 KB per file on HTTP/1.1), but never sniffed.
  expect(script.headers()['content-security-policy']).toBeUndefined();
  expect(script.headers()['x-content-type-options']).toBe('nosniff');
  // The build's Zopfli copy as it is (gzip_static), not nginx's own level-6 gzip of the file.
  expect((await bytesAsSent(`${nginx.loopback}/${entry}`)).equals(readFileSync(`dist/${entry}.gz`))).toBe(true);
  for (const path of ['/sw.js', '/manifest.webmanifest', '/config.json']) {
    expect((await get(path)).headers()['cache-control'], path).toBe('no-cache');
  }
  expect(await (await get('/config.json')).json()).toEqual(JSON.parse(readFileSync(stack.configFile, 'utf8')));
  expect((await get('/manifest.webmanifest')).headers()['content-type']).toBe('application/manifest+json');
  // Each brand host its own manifest (the generated map on $host); a host the config does not know, none.
  const manifestOf = async (host: string) => {
    const { status, body } = await getWithHost(`${nginx.loopback}/manifest.webmanifest`, host);
    return status === 200 ? (JSON.parse(body) as { name: string; theme_color: string; id: string }) : status;
  };
  expect(await manifestOf('portal.localhost')).toMatchObject({ name: 'Staff Desktop', theme_color: '#1e6fd9', id: '/' });
  expect(await manifestOf('staff.portal.localhost')).toMatchObject({ name: 'Đông Dương Staff Hub', theme_color: '#0f7a4a', id: '/' });
  expect(await manifestOf('unknown.localhost')).toBe(404);

  const missing = await get('/assets/missing-0000.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBeUndefined();
  expect(missing.headers()['content-security-policy']).toBe(csp);
});

/** Every CSP violation in the context's pages, as text. */
async function collectViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${location.origin}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('sign-in, a frame route and an offline reload run under the CSP without a violation', async ({ context, page }) => {
  const violations = await collectViolations(context, page);
  await useEnglish(page);

  await signIn(page, 'cashier', `${nginx.origin}/`);
  await page.waitForURL((url) => url.origin === nginx.origin && url.pathname !== '/callback');
  await expectShell(page);

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: titles.Cashier.Group, exact: true }).click();
  await menu.locator('a[href="/cashier/receipt"]').click();
  await expect(page).toHaveURL(`${nginx.origin}/cashier/receipt`);
  await expect(page.locator('.frame-host iframe:not([hidden])')).toHaveAttribute('title', titles.Cashier.Receipt);
  await expect(activeFrame(page).getByRole('heading', { name: /^Path: \/cashier\/receipt/ })).toBeVisible();

  // Once the worker is active it answers the reload: the shell and the runtime config from its install.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.setOffline(true);
  await page.reload();
  await expectShell(page);
  await context.setOffline(false);

  expect(violations).toEqual([]);
});

test('a shared handheld’s End shift ends the provider’s session in its hidden frame under the CSP: back at the portal’s signed-out page, the page staying where it is', async ({ context, page }) => {
  const violations = await collectViolations(context, page);
  await useEnglish(page);
  const handheld = nginx.origin.replace('//portal.localhost', '//handheld.portal.localhost');
  await page.goto(`${handheld}/`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill('picker');
  await page.getByLabel('Password').fill('picker123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const offer = page.getByRole('dialog', { name: 'Set a PIN for this shift' });
  await offer.getByRole('button', { name: 'Skip' }).click();
  await expect(offer).toBeHidden();

  const framePages: string[] = [];
  page.on('framenavigated', (frame) => frame !== page.mainFrame() && framePages.push(new URL(frame.url()).pathname));
  await page.evaluate(() => ((window as { shiftPage?: boolean }).shiftPage = true));
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'End shift' }).click();
  await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible();
  // The provider sent the hidden frame back to the portal's page (framed by the portal alone), then the frame went.
  await expect.poll(() => framePages).toContain('/signed-out.html');
  await expect(page.locator('iframe[sandbox]')).toHaveCount(0);
  // Had the frame's logout not been seen to finish, the whole page would have gone to the provider.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as { shiftPage?: boolean }).shiftPage)).toBe(true);
  await expect(page).toHaveURL(`${handheld}/`);
  // Opened on its own, the signed-out page is no empty page: it goes home.
  await page.goto(`${handheld}/signed-out.html`);
  await expect(page).toHaveURL(`${handheld}/`);
  await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible();
  expect(violations).toEqual([]);
});
