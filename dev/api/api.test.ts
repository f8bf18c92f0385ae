import { rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureFiles } from '../fixture-loader.ts';
import { startStack, type Stack } from '../stack.ts';
import { fixturesCopy } from '../testing/fixtures.ts';
import { callApi, request } from '../testing/http.ts';
import { faultsNotInjected, planFault, plannedFaults } from '../testing/faults.ts';
import { signIn } from '../testing/sign-in.ts';
import { ENDPOINTS, type EndpointId } from './endpoints.ts';

type UserInput = FixtureFiles['users.json'][number];

/** Every permission the endpoints require: the test world has, per permission, a user lacking only it. */
const REQUIRED = [...new Set(Object.values(ENDPOINTS).map((endpoint) => endpoint.permission))];
const ORIGIN_PORT = 5999;
const ORIGIN = `http://localhost:${ORIGIN_PORT}`;

let stack: Stack;
let fixturesDir: string;
const tokens = new Map<string, string>();
const token = (username: string) => tokens.get(username) ?? '';

beforeAll(async () => {
  fixturesDir = fixturesCopy({
    'users.json': (users) => {
      const cashier = users.find((user) => user.username === 'cashier') as UserInput;
      const withPermissions = (username: string, permissions: string[], extra: Partial<UserInput> = {}): UserInput => ({
        ...structuredClone(cashier),
        username,
        ...extra,
        claims: { ...structuredClone(cashier.claims), sub: `test-${username}`, permissions },
      });
      REQUIRED.forEach((permission, index) => users.push(withPermissions(`lacks-${index}`, REQUIRED.filter((p) => p !== permission))));
      users.push(withPermissions('expiring', REQUIRED, { accessTokenTtl: 3 }));
    },
  });
  stack = await startStack({ ports: { idp: 0, api: 0, apps: 0 }, fixturesDir, portalOriginPorts: [ORIGIN_PORT] });
  const users = ['admin', 'cashier', 'accountant', 'guest', 'sellerdown', 'flagsdown', ...REQUIRED.map((_, index) => `lacks-${index}`)];
  for (const username of users) {
    const user = stack.fixtures.users.find((candidate) => candidate.username === username);
    tokens.set(username, (await signIn(stack.issuer, username, user?.password ?? '', { origin: ORIGIN })).access_token);
  }
});
afterAll(async () => {
  await stack?.close();
  rmSync(fixturesDir, { force: true, recursive: true });
});

const url = (path: string) => `${stack.api}${path}`;
const body = <T>(response: { json<U>(): U }) => response.json<T>();

/**
 * One valid call per endpoint (cashier: platform 1, seller 2, site 104, unless `caller` names
 * another user), and a call with a bad parameter.
 */
const CALLS: Record<
  EndpointId,
  { path: string; body?: unknown; caller?: string; headers?: Record<string, string>; status?: number; bad: { path: string; body?: unknown; headers?: Record<string, string> } }
> = {
  platforms: { path: '/api/v1/platforms?page=1&pageSize=10', bad: { path: '/api/v1/platforms?pageSize=0' } },
  platformWebsites: { path: '/api/v1/platforms/1/websites', bad: { path: '/api/v1/platforms/abc/websites' } },
  platformConfig: { path: '/api/v1/platforms/config?platformId=1', bad: { path: '/api/v1/platforms/config?platformId=1&sellerId=2' } },
  sellersGetAll: { path: '/sellers/get-all?ids=2', bad: { path: '/sellers/get-all?ids=2,x' } },
  sellerList: { path: '/api/v1/seller-list?page=1&pageSize=200', bad: { path: '/api/v1/seller-list?pageSize=201' } },
  userSites: { path: '/api/v1/sites/user', bad: { path: '/api/v1/sites/user', headers: { 'x-seller-id': 'abc' } } },
  registerToken: {
    path: '/notification/register-token',
    body: { app_id: 'staff-portal', user_id: 'staff-0002', transport: 'fcm', token: 'push-token', email: 'thungan@example.vn', phone: null },
    bad: { path: '/notification/register-token', body: { app_id: 'staff-portal' } },
  },
  evaluateFlags: {
    path: '/api/v1/evaluation/batch',
    body: { entities: [{ entityID: 'staff-0002', entityType: 'user', entityContext: { seller_id: 2, platformId: 1 } }], flagKeys: ['route-management'] },
    bad: { path: '/api/v1/evaluation/batch', body: '{"entities": [' },
  },
  upgradeTime: { path: '/api/v1/upgrade-time', bad: { path: '/api/v1/upgrade-time', headers: { 'x-seller-id': '2a' } } },
  trackEvents: {
    path: '/api/v1/tracking/events',
    body: { events: [{ type: 'page_load', name: 'home', path: '/' }], responseTimes: [] },
    bad: { path: '/api/v1/tracking/events', body: { responseTimes: [{ method: 'GET', path: '/x', bucket: '300', count: 1 }] } },
  },
  trackedEvents: { path: '/api/v1/tracking/events', bad: { path: '/api/v1/tracking/events', headers: { 'x-seller-id': '-1' } } },
  exportHistory: { path: '/api/v1/export-history?exportType=om_export_orders_by_seller', bad: { path: '/api/v1/export-history?exportType=Bad-Type' } },
  // The access explorer's presets are support's business: the admin calls them.
  accessPresets: { path: '/api/v1/dev/access-presets', caller: 'admin', bad: { path: '/api/v1/dev/access-presets?user=cashier' } },
  outboxKey: { path: '/api/v1/outbox/key', bad: { path: '/api/v1/outbox/key?user=staff-0003' } },
  posSale: {
    path: '/api/v1/pos/sales',
    body: { saleId: 'api-test-1', items: [{ sku: 'QD-SH-16', quantity: 2 }], total: 900_000 },
    headers: { 'idempotency-key': 'api-test-sale-1' },
    status: 201,
    bad: { path: '/api/v1/pos/sales', body: { saleId: 'api-test-2', items: [], total: 0 }, headers: { 'idempotency-key': 'api-test-sale-2' } },
  },
  posSales: { path: '/api/v1/pos/sales', bad: { path: '/api/v1/pos/sales?page=1' } },
};
const caller = (id: EndpointId) => token(CALLS[id].caller ?? 'cashier');

const call = (id: EndpointId, bearer: string | null, variant: 'good' | 'bad' = 'good') => {
  const spec = ENDPOINTS[id];
  const chosen = variant === 'good' ? CALLS[id] : CALLS[id].bad;
  return callApi(url(chosen.path), bearer, {
    method: spec.method,
    body: chosen.body ?? (spec.method === 'POST' ? {} : undefined),
    headers: { 'x-seller-id': '2', ...chosen.headers },
  });
};

/** The error shape of the endpoint's family (shell.md §8). */
const errorOf = (id: EndpointId, json: unknown) =>
  ENDPOINTS[id].errors === 'flat' ? (json as { code: unknown; message: string }) : (json as { error: { code: unknown; message: string } }).error;

describe.each(Object.keys(ENDPOINTS) as EndpointId[])('%s', (id) => {
  const { method, url: path, permission } = ENDPOINTS[id];

  it(`${method} ${path} answers a valid token`, async () => {
    const response = await call(id, caller(id));
    expect(response.status, response.text).toBe(CALLS[id].status ?? 200);
  });

  it('answers 401 without a token, with a malformed one and with a forged signature', async () => {
    const good = token('cashier');
    const [header, payload] = good.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    for (const bearer of [null, 'not-a-jwt', forged]) {
      const response = await call(id, bearer);
      expect(response.status).toBe(401);
      expect(errorOf(id, response.json()).code).toBeTruthy();
    }
  });

  it(`answers 403 {code, message} without ${permission}`, async () => {
    const response = await call(id, token(`lacks-${REQUIRED.indexOf(permission)}`));
    expect(response.status).toBe(403);
    expect(errorOf(id, response.json())).toEqual({ code: 40301, message: `Permission ${permission} is required` });
  });

  it('answers 400 {code, message} to a bad parameter', async () => {
    const response = await call(id, caller(id), 'bad');
    expect(response.status, response.text).toBe(400);
    expect(errorOf(id, response.json())).toMatchObject({ code: 40001, message: expect.any(String) });
  });
});

describe('expiry', () => {
  it('answers 401 once the access token has expired', async () => {
    // Signed in here, not with the others: on a busy machine their sign-ins outlast a 3-second token.
    const expiring = stack.fixtures.users.find((user) => user.username === 'expiring');
    const accessToken = (await signIn(stack.issuer, 'expiring', expiring?.password ?? '', { origin: ORIGIN })).access_token;
    expect((await call('userSites', accessToken)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 4100));
    const response = await call('userSites', accessToken);
    expect(response.status).toBe(401);
    expect(response.json()).toEqual({ code: 40103, message: 'The access token has expired' });
    expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
  });
});

describe('sellers', () => {
  it('pages the seller list up to 200 per page', async () => {
    const page = async (n: number, size: number) =>
      body<{ data: { sellers: { id: number }[]; total: number } }>(await callApi(url(`/api/v1/seller-list?page=${n}&pageSize=${size}`), token('admin')));
    const total = stack.fixtures.sellers.length;
    const first = await page(1, 200);
    const second = await page(2, 200);
    expect(first.data.total).toBe(total);
    expect(first.data.sellers).toHaveLength(200);
    expect(second.data.sellers).toHaveLength(total - 200);
    expect(new Set([...first.data.sellers, ...second.data.sellers].map((seller) => seller.id)).size).toBe(total);
    expect((await page(3, 200)).data.sellers).toEqual([]);
    expect((await page(2, 7)).data.sellers.map((seller) => seller.id)).toEqual(stack.fixtures.sellers.slice(7, 14).map((seller) => seller.id));
  });

  it("lists only the user's own sellers, inactive ones included, with every §3 field", async () => {
    const { data } = body<{ data: { sellers: Record<string, unknown>[]; total: number } }>(
      await callApi(url('/api/v1/seller-list'), token('accountant')),
    );
    expect(data.sellers.map((seller) => seller.id)).toEqual([1, 18, 143, 205]);
    expect(data.sellers.find((seller) => seller.id === 143)).toMatchObject({ isActive: false, name: 'Đặc sản Hội An' });
    expect(data.sellers.find((seller) => seller.id === 205)).not.toHaveProperty('logoUrl');
    expect(Object.keys(data.sellers[0] ?? {})).toEqual(
      expect.arrayContaining(['code', 'displayName', 'taxIDNumber', 'phoneNumber', 'email', 'address', 'logoUrl', 'slogan', 'servicePackage', 'isAutoGeneratedSKU', 'usingGoodsManagementModules', 'saleCategoryIDS', 'foundingDate', 'registrationDate']),
    );
  });

  it('filters get-all by ids, platforms and sellers created by a seller', async () => {
    const ids = async (query: string) =>
      body<{ data: { sellers: { id: number }[] } }>(await callApi(url(`/sellers/get-all?${query}`), token('admin'))).data.sellers.map((s) => s.id);
    expect(await ids('ids=18,143,999999')).toEqual([18, 143]);
    expect(await ids('platformIds=3')).toEqual(stack.fixtures.sellers.filter((s) => s.platformId === 3).map((s) => s.id));
    const createdBySeller = stack.fixtures.sellers.filter((s) => s.createdBySeller).map((s) => s.id);
    expect(createdBySeller.length).toBeGreaterThan(0);
    expect(await ids('excludeCreatedBySeller=true')).toEqual(stack.fixtures.sellers.filter((s) => !s.createdBySeller).map((s) => s.id));
    const accountant = body<{ data: { sellers: { id: number }[] } }>(await callApi(url('/sellers/get-all?ids=1,2'), token('accountant')));
    expect(accountant.data.sellers.map((s) => s.id)).toEqual([1]);
  });
});

describe('platforms', () => {
  const list = async (bearer: string, query: string) =>
    body<{ result: { platforms: { id: number; name: string; numberDisplayFormat: unknown }[]; total: number } }>(
      await callApi(url(`/api/v1/platforms?${query}`), bearer),
    ).result;

  it('pages all platforms for the administrator and searches without accents', async () => {
    const third = await list(token('admin'), 'page=3&pageSize=10');
    expect(third.total).toBe(stack.fixtures.platforms.length);
    expect(third.platforms.map((p) => p.id)).toEqual(stack.fixtures.platforms.slice(20, 30).map((p) => p.id));
    const search = await list(token('admin'), `query=${encodeURIComponent('  da nang ')}`);
    expect(search.platforms.map((p) => p.name)).toEqual(['Siêu thị Điện tử Đà Nẵng']);
  });

  it("limits other users to their platform or their sellers' platforms", async () => {
    expect((await list(token('cashier'), '')).platforms.map((p) => p.id)).toEqual([1]);
    expect((await list(token('accountant'), '')).platforms.map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('gives the number display format by platform or by seller, and websites per platform', async () => {
    const config = async (query: string) => body(await callApi(url(`/api/v1/platforms/config?${query}`), token('admin')));
    expect(await config('platformId=2')).toEqual({ platformId: 2, numberDisplayFormat: { thousandSeparator: ',', decimalSeparator: '.' } });
    expect(await config('sellerId=143')).toEqual({ platformId: 3, numberDisplayFormat: { thousandSeparator: ' ', decimalSeparator: ',' } });
    expect(await config('platformId=9')).toEqual({ platformId: 9, numberDisplayFormat: { thousandSeparator: '.', decimalSeparator: ',' } });
    expect(body(await callApi(url('/api/v1/platforms/1/websites'), token('admin')))).toEqual({
      websites: [
        { platformId: 1, type: 'WEB', tempiWebsiteId: 'web-svt-001' },
        { platformId: 1, type: 'APP', tempiWebsiteId: 'app-svt-001' },
      ],
    });
    const foreign = await callApi(url('/api/v1/platforms/2/websites'), token('cashier'));
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toEqual({ code: 40401, message: 'Platform 2 not found' });
  });
});

describe('flags', () => {
  const evaluate = async (sellerId: number | null, platformId: number | null, flagKeys: string[]) => {
    const response = await callApi(url('/api/v1/evaluation/batch'), token('admin'), {
      body: { entities: [{ entityID: 'staff-0001', entityType: 'user', entityContext: { seller_id: sellerId, platformId } }], flagKeys },
    });
    const results = body<{ evaluationResults: { flagKey: string; variantKey: string; variantAttachment: unknown }[] }>(response).evaluationResults;
    return Object.fromEntries(results.map((result) => [result.flagKey, result.variantKey]));
  };

  it('evaluates per seller and per platform; disabled and unknown flags are off', async () => {
    const keys = ['attribute-set-management', 'delivery-report', 'route-management', 'manufacture-management', 'no-such-flag'];
    expect(await evaluate(1, 1, keys)).toEqual({
      'attribute-set-management': 'on',
      'delivery-report': 'on',
      'route-management': 'on',
      'manufacture-management': 'off',
      'no-such-flag': 'off',
    });
    expect(await evaluate(18, 3, keys)).toMatchObject({ 'attribute-set-management': 'off', 'delivery-report': 'off', 'route-management': 'on' });
    expect(await evaluate(null, null, ['attribute-set-management', 'route-management'])).toEqual({ 'attribute-set-management': 'off', 'route-management': 'on' });
  });

  it("returns a flag's extra config as the variant attachment, and refuses another user's entity", async () => {
    const response = await callApi(url('/api/v1/evaluation/batch'), token('admin'), {
      body: { entities: [{ entityID: 'staff-0001', entityContext: { platformId: '1' } }], flagKeys: ['enable-epic-omni-1318'] },
    });
    expect(body<{ evaluationResults: unknown[] }>(response).evaluationResults).toEqual([
      expect.objectContaining({ flagKey: 'enable-epic-omni-1318', variantKey: 'on', variantAttachment: { enableEpicOmni1318: true } }),
    ]);
    const stranger = await callApi(url('/api/v1/evaluation/batch'), token('admin'), {
      body: { entities: [{ entityID: 'staff-0002' }], flagKeys: ['route-management'] },
    });
    expect(stranger.status).toBe(403);
    expect(stranger.json()).toEqual({ error: { code: 40303, message: 'entityID staff-0002 is not the signed-in user' } });
  });
});

describe('forced failures from the fixtures', () => {
  it("fails the seller calls of 'sellerdown' with 500 {code, message} and the flags of 'flagsdown' with 503", async () => {
    for (const path of ['/api/v1/seller-list', '/sellers/get-all']) {
      const response = await callApi(url(path), token('sellerdown'));
      expect(response.status).toBe(500);
      expect(response.json()).toEqual({ code: 50001, message: 'Dịch vụ người bán đang gián đoạn / Seller service is unavailable' });
    }
    expect((await callApi(url('/api/v1/sites/user'), token('sellerdown'))).status).toBe(200);
    const flags = await call('evaluateFlags', token('flagsdown'));
    expect(flags.status).toBe(503);
    expect(flags.json()).toEqual({ error: { code: 'FLAGS_UNAVAILABLE', message: 'Feature flag service is unavailable' } });
  });

  it("answers 403 everywhere to 'guest', who has no permission", async () => {
    for (const id of Object.keys(ENDPOINTS) as EndpointId[]) expect((await call(id, token('guest'))).status).toBe(403);
  });
});

describe('notification, upgrade time and tracking', () => {
  it('registers a push token only for the signed-in user', async () => {
    const response = await callApi(url('/notification/register-token'), token('admin'), { body: CALLS.registerToken.body });
    expect(response.status).toBe(403);
    expect(response.json()).toEqual({ error: { code: 40302, message: 'user_id must be the signed-in user (the token subject)' } });
  });

  it('serves the upgrade windows of the fixtures', async () => {
    const { data } = body<{ data: { windows: unknown[] } }>(await call('upgradeTime', token('cashier')));
    expect(data.windows).toEqual(stack.fixtures.upgradeWindows);
  });

  it("collects events and response-time buckets and gives each user back only their own", async () => {
    const batch = {
      events: [{ type: 'custom', name: 'frame-origin-rejected', path: '/orders', properties: { origin: 'http://evil.localhost' } }],
      responseTimes: [{ method: 'GET', path: '/api/v1/seller-list', bucket: '>10000', count: 2 }],
    };
    const posted = await callApi(url('/api/v1/tracking/events'), token('accountant'), { body: batch });
    expect(posted.json()).toEqual({ data: { accepted: { events: 1, responseTimes: 1 } } });
    expect(body(await callApi(url('/api/v1/tracking/events'), token('accountant')))).toEqual({ data: batch });
    expect(body(await callApi(url('/api/v1/tracking/events'), token('admin')))).toEqual({ data: { events: [], responseTimes: [] } });
    const empty = await callApi(url('/api/v1/tracking/events'), token('accountant'), { body: {} });
    expect(empty.json()).toEqual({ error: { code: 40001, message: 'body: send at least one event or response time' } });
  });
});

describe('CORS', () => {
  it('allows the portal origins only', async () => {
    const preflight = (origin: string) =>
      callApi(url('/api/v1/seller-list'), null, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,x-seller-id' },
      });
    const allowed = await preflight(ORIGIN);
    expect(allowed.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/x-seller-id/);
    expect((await preflight('http://evil.localhost:1')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(`http://staff.portal.localhost:${ORIGIN_PORT}`)).headers['access-control-allow-origin']).toBe(`http://staff.portal.localhost:${ORIGIN_PORT}`);
  });
});

describe('access presets (local stack only)', () => {
  it("lists each fixture user's permissions, roles, seller, site and the flags on for them", async () => {
    const response = await call('accessPresets', token('admin'));
    const { users } = body<{ data: { users: { username: string; permissions: string[]; sellerId: number | null; hasSite: boolean; flags: string[] }[] } }>(response).data;
    expect(users.map((user) => user.username)).toEqual(stack.fixtures.users.map((user) => user.username));
    const picker = users.find((user) => user.username === 'picker');
    const fixture = stack.fixtures.users.find((user) => user.username === 'picker');
    expect(picker).toMatchObject({ permissions: fixture?.claims.permissions, sellerId: 1, hasSite: true });
    // The same evaluation as the flag service's for the picker's seller and platform.
    const evaluated = await callApi(url('/api/v1/evaluation/batch'), token('cashier'), {
      method: 'POST',
      body: { entities: [{ entityID: 'staff-0002', entityType: 'user', entityContext: { seller_id: 1, platformId: 1 } }], flagKeys: stack.fixtures.flags.map((flag) => flag.key) },
    });
    const on = body<{ evaluationResults: { flagKey: string; variantKey: string }[] }>(evaluated).evaluationResults.filter((r) => r.variantKey === 'on').map((r) => r.flagKey);
    expect([...(picker?.flags ?? [])].sort()).toEqual(on.sort());
    expect(users.find((user) => user.username === 'nosite')).toMatchObject({ hasSite: false });
  });
});

describe('compression', () => {
  it('sends an answer over 1 KB gzip-compressed when asked, as the real services do, and a small one as it is', async () => {
    const evaluate = (headers: Record<string, string>) =>
      callApi(url('/api/v1/evaluation/batch'), token('cashier'), {
        method: 'POST',
        headers,
        body: { entities: [{ entityID: 'staff-0002', entityType: 'user', entityContext: { seller_id: 1, platformId: 1 } }], flagKeys: stack.fixtures.flags.map((flag) => flag.key) },
      });
    const plain = await evaluate({});
    const compressed = await evaluate({ 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.bytes.length).toBeLessThan(plain.bytes.length / 3);
    // The same answer but for each evaluation's time.
    const untimed = (answer: { evaluationResults: { timestamp: string }[] }) => answer.evaluationResults.map(({ timestamp: _timestamp, ...result }) => result);
    expect(untimed(JSON.parse(gunzipSync(compressed.bytes).toString('utf8')) as { evaluationResults: { timestamp: string }[] })).toEqual(untimed(plain.json()));

    const small = await callApi(url('/api/v1/sites/user'), token('cashier'), { headers: { 'accept-encoding': 'gzip', 'x-seller-id': '2' } });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('POS sales and the Idempotency-Key', () => {
  const sale = (saleId: string, quantity = 1) => ({ saleId, items: [{ sku: 'AM-KG-20', quantity }], total: 290_000 * quantity });
  const sell = (bearer: string, key: string | null, body: unknown, seller = '2') =>
    callApi(url('/api/v1/pos/sales'), bearer, { method: 'POST', body, headers: { 'x-seller-id': seller, ...(key ? { 'idempotency-key': key } : {}) } });
  const salesOf = async (username: string) => body<{ data: { sales: { saleId: string; sub: string; sellerId: number }[] } }>(await callApi(url('/api/v1/pos/sales'), token(username))).data.sales;

  it('records a sale once under the caller and the seller; the same key and body get the stored answer, not a second sale', async () => {
    const first = await sell(token('cashier'), '"key-once"', sale('once'));
    expect(first.status, first.text).toBe(201);
    expect(first.json()).toMatchObject({ data: { sale: { saleId: 'once', sub: 'staff-0002', sellerId: 2, total: 290_000 } } });
    const again = await sell(token('cashier'), 'key-once', sale('once'));
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await salesOf('cashier')).filter((recorded) => recorded.saleId === 'once')).toHaveLength(1);
  });

  it('the same key with another body is 422; a key still being processed is 409', async () => {
    expect((await sell(token('cashier'), 'key-other', sale('other'))).status).toBe(201);
    const reused = await sell(token('cashier'), 'key-other', sale('other', 2));
    expect(reused.status).toBe(422);
    expect(reused.json()).toEqual({ code: 42201, message: 'This Idempotency-Key was used with another request' });

    const [one, two] = await Promise.all([sell(token('cashier'), 'key-race', sale('race')), sell(token('cashier'), 'key-race', sale('race'))]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    expect([one, two].find((response) => response.status === 409)?.json()).toMatchObject({ code: 40901 });
    expect((await salesOf('cashier')).filter((recorded) => recorded.saleId === 'race')).toHaveLength(1);
  });

  it('keys belong to their caller: another user’s sale with the same key is their own', async () => {
    expect((await sell(token('admin'), 'key-shared', sale('admin-sale'))).status).toBe(201);
    expect((await sell(token('cashier'), 'key-shared', sale('cashier-sale'))).status).toBe(201);
    expect((await salesOf('cashier')).map((recorded) => recorded.saleId)).toContain('cashier-sale');
    expect((await salesOf('cashier')).map((recorded) => recorded.saleId)).not.toContain('admin-sale');
  });

  it.each([
    ['no Idempotency-Key', null, sale('x'), '2', 400, 'Idempotency-Key'],
    ['no seller', 'key-x1', sale('x'), '', 400, 'X-Seller-Id'],
    ['an unknown product', 'key-x2', { ...sale('x'), items: [{ sku: 'NOPE', quantity: 1 }] }, '2', 400, 'unknown product'],
    ['a wrong total', 'key-x3', { ...sale('x'), total: 1 }, '2', 400, 'total'],
    ['a seller not the caller’s', 'key-x4', sale('x'), '18', 403, 'Seller 18'],
  ])('refuses a sale with %s', async (_, key, sent, seller, status, message) => {
    const response = await callApi(url('/api/v1/pos/sales'), token('cashier'), {
      method: 'POST',
      body: sent,
      headers: { ...(seller ? { 'x-seller-id': seller } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    });
    expect(response.status, response.text).toBe(status);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('hands each user their own sealing key, the same every time', async () => {
    const keyOf = async (username: string) => body<{ data: { keyId: string; key: string } }>(await callApi(url('/api/v1/outbox/key'), token(username))).data;
    const cashier = await keyOf('cashier');
    expect(cashier.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await keyOf('cashier')).toEqual(cashier);
    const admin = await keyOf('admin');
    expect(admin.key).not.toBe(cashier.key);
    expect(admin.keyId).not.toBe(cashier.keyId);
  });

  it('lets the portal send writes across origins: the methods, Idempotency-Key, and Retry-After readable', async () => {
    const preflight = await request(url('/api/v1/pos/sales'), {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type,idempotency-key,x-seller-id' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
    expect(preflight.headers['access-control-allow-headers']).toContain('idempotency-key');
    const answer = await callApi(url('/api/v1/pos/sales'), token('cashier'), { headers: { origin: ORIGIN } });
    expect(answer.headers['access-control-expose-headers']).toContain('retry-after');
  });
});

describe('planned faults (local stack only)', () => {
  const sale = (saleId: string) => ({ saleId, items: [{ sku: 'AM-KG-20', quantity: 1 }], total: 290_000 });
  const sell = (key: string, saleId: string, bearer = token('cashier')) =>
    callApi(url('/api/v1/pos/sales'), bearer, { method: 'POST', body: sale(saleId), headers: { 'x-seller-id': '2', 'idempotency-key': key } });
  const recorded = async (saleId: string) =>
    body<{ data: { sales: { saleId: string }[] } }>(await callApi(url('/api/v1/pos/sales'), token('cashier'))).data.sales.filter((one) => one.saleId === saleId).length;

  it('loses the answer of the planned request after executing it: its retry gets the stored answer', async () => {
    const id = await planFault(stack.api, { endpoint: 'posSale', fault: 'lose-answer', idempotencyKey: 'fault-lost' });
    await expect(sell('fault-other', 'fault-other')).resolves.toMatchObject({ status: 201 });
    await expect(sell('fault-lost', 'fault-lost')).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await recorded('fault-lost')).toBe(1);
    const retry = await sell('fault-lost', 'fault-lost');
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await faultsNotInjected(stack.api, [id])).toEqual([]);
  });

  it('answers 503 with Retry-After, and 401, to as many matching requests as planned, then as usual; counts each', async () => {
    const unavailable = await planFault(stack.api, { endpoint: 'posSale', fault: 'unavailable', times: 2, retryAfterSeconds: 7 });
    const first = await sell('fault-busy', 'fault-busy');
    expect([first.status, first.headers['retry-after'], first.json()]).toEqual([503, '7', { code: 50301, message: 'The service is unavailable (a planned fault)' }]);
    expect((await sell('fault-busy', 'fault-busy')).status).toBe(503);
    expect((await sell('fault-busy', 'fault-busy')).status).toBe(201);
    expect(await recorded('fault-busy')).toBe(1);

    const unauthorized = await planFault(stack.api, { endpoint: 'posSale', fault: 'unauthorized', bearer: token('cashier') });
    expect((await sell('fault-admin', 'fault-admin', token('admin'))).status).toBe(201);
    const refused = await sell('fault-refused', 'fault-refused');
    expect([refused.status, refused.headers['www-authenticate']]).toEqual([401, expect.stringContaining('invalid_token')]);
    expect((await plannedFaults(stack.api)).filter((plan) => [unavailable, unauthorized].includes(plan.id)).map(({ fault, injected, times }) => ({ fault, injected, times }))).toEqual([
      { fault: 'unavailable', injected: 2, times: 2 },
      { fault: 'unauthorized', injected: 1, times: 1 },
    ]);
  });

  it('reports a planned fault that no request met, and refuses a malformed plan', async () => {
    const id = await planFault(stack.api, { endpoint: 'posSale', fault: 'lose-answer', idempotencyKey: 'never-sent' });
    expect(await faultsNotInjected(stack.api, [id])).toEqual([expect.objectContaining({ id, injected: 0, times: 1 })]);
    await expect(planFault(stack.api, { endpoint: 'nope' as 'posSale', fault: 'unavailable' })).rejects.toThrow(/did not plan the fault/);
    // The report never repeats a planned token.
    expect(JSON.stringify(await plannedFaults(stack.api))).not.toContain(token('cashier'));
  });
});
