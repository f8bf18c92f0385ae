import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../stack.ts';
import { PORTAL_CLIENT_ID, PORTAL_SCOPE } from '../stack-config.ts';
import { launchChromium, startStandIn, type StandIn } from '../testing/browser.ts';
import { request } from '../testing/http.ts';
import { pkcePair, signIn, type Tokens } from '../testing/sign-in.ts';

let stack: Stack;
const REUSE_S = 1;
let portal: StandIn;
let browser: Browser;

beforeAll(async () => {
  // A stand-in for the portal: the provider redirects back to its /callback and / pages, and a shared device's logout frame to its signed-out page.
  portal = await startStandIn({ '/callback': '<h1>Callback</h1>', '/': '<h1>Signed out</h1>', '/signed-out.html': '<h1>Frame signed out</h1>' });
  // A reuse window of 1 s so that a test can step past it.
  stack = await startStack({ ports: { idp: 0, api: 0, apps: 0 }, portalOriginPorts: [portal.port], accessTokenTtl: 1234, refreshTokenReuseS: REUSE_S });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await portal?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const tokenRequest = (fields: Record<string, string>, origin = portal.origin) =>
  request(`${stack.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: form({ client_id: PORTAL_CLIENT_ID, ...fields }),
  });

describe('discovery and keys', () => {
  it('publishes the discovery document for the issuer', async () => {
    const response = await request(`${stack.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = response.json<Record<string, unknown>>();
    expect(discovery).toMatchObject({
      issuer: stack.issuer,
      authorization_endpoint: `${stack.issuer}/auth`,
      token_endpoint: `${stack.issuer}/token`,
      end_session_endpoint: `${stack.issuer}/session/end`,
      jwks_uri: `${stack.issuer}/jwks`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(stack.issuer).toMatch(/^http:\/\/id\.portal\.localhost:\d+$/);
  });

  it('answers the browser’s icon request of its sign-in page with no content, not a 404', async () => {
    expect((await request(`${stack.issuer}/favicon.ico`)).status).toBe(204);
  });

  it('publishes public signing keys only', async () => {
    const { keys } = (await request(`${stack.issuer}/jwks`)).json<JSONWebKeySet>();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]?.kid).toBeTruthy();
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('sign-in in Chromium through the login page', () => {
  it('signs a fixture user in with code + PKCE, in Vietnamese or English, and signs out back to the portal', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { verifier, challenge } = pkcePair();
    const redirectUri = `${portal.origin}/callback`;
    const authorize = `${stack.issuer}/auth?${form({
      client_id: PORTAL_CLIENT_ID,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: PORTAL_SCOPE,
      state: 'state-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ui_locales: 'en',
    })}`;

    await page.goto(authorize);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('heading', { name: 'Sign in to Staff Portal' }).waitFor();
    await page.getByRole('link', { name: 'Tiếng Việt' }).click();
    await page.getByRole('heading', { name: 'Đăng nhập Cổng nhân viên' }).waitFor();

    await page.getByLabel('Tên đăng nhập').fill('accountant');
    await page.getByLabel('Mật khẩu').fill('wrong password');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Sai tên đăng nhập hoặc mật khẩu.');
    expect(await page.getByLabel('Tên đăng nhập').inputValue()).toBe('accountant');

    const afterForm: string[] = [];
    page.on('request', (sent) => void (sent.isNavigationRequest() && afterForm.push(new URL(sent.url()).pathname)));
    await page.getByLabel('Mật khẩu').fill('accountant123');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    // The portal is a first-party client: from the form straight back to it, no consent step between.
    expect(afterForm).toEqual([expect.stringMatching(/^\/interaction\/[^/]+\/login$/), expect.stringMatching(/^\/auth\//), '/callback']);
    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe('state-1');

    // The exchange runs in the page, as the portal does it: the token endpoint must allow its origin.
    const tokens = await page.evaluate(
      async ({ tokenEndpoint, body }) => (await fetch(tokenEndpoint, { method: 'POST', body: new URLSearchParams(body) })).json() as Promise<Tokens>,
      {
        tokenEndpoint: `${stack.issuer}/token`,
        body: { grant_type: 'authorization_code', client_id: PORTAL_CLIENT_ID, code: callback.searchParams.get('code') ?? '', redirect_uri: redirectUri, code_verifier: verifier },
      },
    );
    expect(tokens.refresh_token).toBeTruthy();
    const jwks = createLocalJWKSet((await request(`${stack.issuer}/jwks`)).json<JSONWebKeySet>());
    const { payload: idToken } = await jwtVerify(tokens.id_token, jwks, { issuer: stack.issuer, audience: PORTAL_CLIENT_ID });
    expect(idToken).toMatchObject({
      sub: 'staff-0004',
      name: 'Phạm Thị Kế Toán',
      picture: `${stack.issuer}/avatars/accountant.svg`,
      email: 'ketoan@example.vn',
      phone_number: '+84901000004',
      tenant_id: 'retail-vn',
      roles: ['accountant'],
      meta_data: { seller_id: '1,18,143,205', platform_id: 0, sso_id: 'sso-0004', siteId: 105 },
    });
    expect(idToken.permissions).toContain('finance:accounting:read');

    // The access token is a JWT for the API, which accepts it from the portal's origin.
    const sites = await page.evaluate(
      async ({ url, token }) => (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json(),
      { url: `${stack.api}/api/v1/sites/user`, token: tokens.access_token },
    );
    expect(sites).toEqual({ data: { sites: [{ id: 105, name: 'Cửa hàng Đống Đa' }] } });

    const endSession = `${stack.issuer}/session/end?${form({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${portal.origin}/`, client_id: PORTAL_CLIENT_ID })}`;
    await page.goto(endSession);
    await page.waitForURL(`${portal.origin}/`);
    await page.getByRole('heading', { name: 'Signed out' }).waitFor();

    // Signed out: the session's refresh token is dead and a new sign-in asks for the password again.
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
    await page.goto(authorize);
    await page.getByLabel('Username').waitFor();
    await context.close();
  });
});

describe('signing in again on a shared device', () => {
  it('prompt=login shows the form even with a provider session, filled in with the user a login_hint names', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { challenge } = pkcePair();
    const authorize = (extra: Record<string, string>) =>
      `${stack.issuer}/auth?${form({
        client_id: PORTAL_CLIENT_ID,
        response_type: 'code',
        redirect_uri: `${portal.origin}/callback`,
        scope: PORTAL_SCOPE,
        state: 'state-2',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ui_locales: 'en',
        ...extra,
      })}`;
    await page.goto(authorize({}));
    await page.getByLabel('Username').fill('picker');
    await page.getByLabel('Password').fill('picker123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${portal.origin}/callback`));
    // A provider session now: without prompt=login it would send the code straight back.
    await page.goto(authorize({ prompt: 'login', login_hint: 'levankho@example.vn' }));
    expect(await page.getByLabel('Username').inputValue()).toBe('picker');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('password');
    await page.goto(authorize({ prompt: 'login', login_hint: 'nobody@example.vn' }));
    expect(await page.getByLabel('Username').inputValue()).toBe('');
    await context.close();
  });
});

describe('a shared device’s logout in its hidden frame', () => {
  it('goes back to the portal’s signed-out page, a registered return address', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const tokens = await signIn(stack.issuer, 'picker', 'picker123', { origin: portal.origin });
    await page.goto(`${stack.issuer}/session/end?${form({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${portal.origin}/signed-out.html`, client_id: PORTAL_CLIENT_ID })}`);
    await page.waitForURL(`${portal.origin}/signed-out.html`);
    await page.getByRole('heading', { name: 'Frame signed out' }).waitFor();
    await context.close();
  });
});

describe('logout without a page to go back to', () => {
  it('ends on the provider’s own signed-out page, which asks nothing of other hosts', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const hosts = new Set<string>();
    page.on('request', (sent) => void hosts.add(new URL(sent.url()).origin));
    await page.goto(`${stack.issuer}/session/end?${form({ client_id: PORTAL_CLIENT_ID, ui_locales: 'en' })}`);
    await page.getByRole('heading', { name: 'Bạn đã đăng xuất.' }).waitFor();
    expect([...hosts]).toEqual([stack.issuer]);
    await context.close();
  });
});

describe('tokens', () => {
  it('rotates refresh tokens on use, accepts a used one again within the reuse window, and revokes the grant when one comes back after it', async () => {
    const first = await signIn(stack.issuer, 'cashier', 'cashier123', { origin: portal.origin });
    const second = (await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).json<Tokens>();
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token)).toMatchObject({ sub: 'staff-0002', aud: stack.api });

    // The page that sent it left before storing `second`: the next one still holds `first`.
    const again = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(again.status).toBe(200);
    const third = again.json<Tokens>();
    expect(third.refresh_token).not.toBe(first.refresh_token);
    expect(third.refresh_token).not.toBe(second.refresh_token);

    // Past the window (counted from the first use, not the last) a used token is a replay.
    await new Promise((resolve) => setTimeout(resolve, REUSE_S * 1000 + 100));
    const replay = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.status).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    const afterReplay = await tokenRequest({ grant_type: 'refresh_token', refresh_token: third.refresh_token });
    expect(afterReplay.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('takes the access-token lifetime from the stack option, or from the fixture user', async () => {
    const cashier = await signIn(stack.issuer, 'cashier', 'cashier123', { origin: portal.origin });
    expect(cashier.expires_in).toBe(1234);
    const short = await signIn(stack.issuer, 'shortsession', 'shortsession123', { origin: portal.origin });
    expect(short.expires_in).toBe(10);
    const claims = decodeJwt(short.access_token);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(10);
  });

  it('serves the claims at userinfo for a token requested without the API scope', async () => {
    const tokens = await signIn(stack.issuer, 'picker', 'picker123', { origin: portal.origin, scope: 'openid profile email phone' });
    expect(tokens.access_token.split('.')).toHaveLength(1); // opaque: no API audience
    const userinfo = await request(`${stack.issuer}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(userinfo.json()).toMatchObject({ sub: 'staff-0003', name: 'Lê Văn Kho', meta_data: { siteIds: [101, 102, 103] } });
  });

  it("serves the same claims at userinfo for the portal's JWT access token (oidc-client-ts loads userinfo)", async () => {
    const tokens = await signIn(stack.issuer, 'cashier', 'cashier123', { origin: portal.origin });
    const userinfo = await request(`${stack.issuer}/me`, { headers: { authorization: `Bearer ${tokens.access_token}`, origin: portal.origin } });
    expect(userinfo.status).toBe(200);
    expect(userinfo.headers['access-control-allow-origin']).toBe(portal.origin);
    expect(userinfo.json()).toMatchObject({ sub: 'staff-0002', name: 'Trần Thị Thu Ngân', meta_data: { seller_id: '2', siteId: 104 } });
    const forged = `${tokens.access_token.slice(0, -4)}AAAA`;
    expect((await request(`${stack.issuer}/me`, { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
  });

  it('refuses the code without its PKCE verifier and a wrong password from Node too', async () => {
    await expect(signIn(stack.issuer, 'cashier', 'nope', { origin: portal.origin })).rejects.toThrow(/login form came back/);
    const noPkce = await request(`${stack.issuer}/auth?${form({ client_id: PORTAL_CLIENT_ID, response_type: 'code', redirect_uri: `${portal.origin}/callback`, scope: 'openid' })}`);
    expect(noPkce.headers.location).toMatch(/error=invalid_request/);
  });

  it('allows CORS on the token endpoint for portal origins only', async () => {
    const exchange = (origin: string) => tokenRequest({ grant_type: 'refresh_token', refresh_token: 'unknown' }, origin);
    const allowed = await exchange(portal.origin);
    expect(allowed.headers['access-control-allow-origin']).toBe(portal.origin);
    expect(allowed.json()).toMatchObject({ error: 'invalid_grant' });
    const refused = await exchange('http://evil.localhost:1');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('not allowed') });
  });
});
