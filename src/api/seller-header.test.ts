import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from './client.ts';
import { createPortalApi, type PortalApi } from './portal-api.ts';
import { SellerHeader, type KnownSellers } from './seller-header.ts';

describe('SellerHeader', () => {
  it.each<[string, KnownSellers, number | null, number | null]>([
    ['nothing known (an all-seller user, first start)', { claimed: null, stored: () => undefined }, null, null],
    ['the claimed seller, before the first call', { claimed: 2, stored: () => undefined }, null, 2],
    ['the claimed seller over a stored one', { claimed: 2, stored: () => 18 }, null, 2],
    ['the stored choice when the claims name none', { claimed: null, stored: () => 18 }, null, 18],
    ['the resolved seller over everything', { claimed: 2, stored: () => 18 }, 205, 205],
    ['an id that cannot be a seller is ignored', { claimed: 0, stored: () => -1 }, 1.5, null],
  ])('%s', (_name, known, resolved, expected) => {
    const header = new SellerHeader(known);
    if (resolved !== null) header.set(resolved);
    expect(header.value()).toBe(expected);
  });

  it('reads the stored choice on every call (another tab may change it)', () => {
    let stored: number | undefined = 18;
    const header = new SellerHeader({ claimed: null, stored: () => stored });
    expect(header.value()).toBe(18);
    stored = 205;
    expect(header.value()).toBe(205);
  });
});

const config = {
  base: 'http://api.test',
  sellers: 'http://sellers.test',
  flags: 'http://flags.test',
  tracking: 'http://tracking.test',
  notification: 'http://notification.test',
};

/** A valid answer for each call's path (the client validates answers). */
function answerFor(url: URL): unknown {
  const path = url.pathname;
  if (path === '/api/v1/platforms') return { result: { platforms: [], total: 0 } };
  if (path === '/api/v1/seller-list') return { data: { sellers: [], total: 0 } };
  if (path === '/sellers/get-all') return { data: { sellers: [] } };
  if (path === '/api/v1/sites/user') return { data: { sites: [] } };
  if (/^\/api\/v1\/platforms\/\d+\/websites$/.test(path)) return { websites: [] };
  if (path === '/api/v1/platforms/config') return { numberDisplayFormat: { thousandSeparator: '.', decimalSeparator: ',' } };
  if (path === '/api/v1/upgrade-time') return { data: { windows: [] } };
  if (path === '/api/v1/export-history') return { data: { jobs: [], total: 0 } };
  if (path === '/api/v1/dev/access-presets') return { data: { users: [] } };
  if (path === '/api/v1/outbox/key') return { data: { keyId: 'key-id-0123456789abc', key: 'k'.repeat(43) } };
  return {};
}

/** Every call of the client; the mapped type makes a new call without an entry here a type error. */
const EVERY_CALL: { [Call in keyof PortalApi]: (api: PortalApi) => Promise<unknown> } = {
  platforms: (api) => api.platforms({ page: 1, pageSize: 10, query: '' }),
  sellers: (api) => api.sellers(1),
  sellersById: (api) => api.sellersById({ ids: [2] }),
  userSites: (api) => api.userSites(),
  websites: (api) => api.websites(1),
  numberDisplayFormat: async (api) => {
    await api.numberDisplayFormat({ platformId: 1 });
    return api.numberDisplayFormat({ sellerId: 2 });
  },
  upgradeWindows: (api) => api.upgradeWindows(),
  exportHistory: (api) => api.exportHistory({ exportType: 'suppliers', page: 1, pageSize: 20 }),
  evaluateFlags: (api) => api.evaluateFlags({ entities: [], flagKeys: [] }),
  registerPushToken: (api) =>
    api.registerPushToken({ app_id: 'staff-portal', user_id: 'staff-0002', transport: 'fcm', token: 't', email: null, phone: null }),
  sendTracking: (api) => api.sendTracking({ events: [], responseTimes: [] }),
  accessPresets: (api) => api.accessPresets('http://api.test/api/v1/dev/access-presets'),
  outboxKey: (api) => api.outboxKey(),
};

describe('X-Seller-Id on every call of the client', () => {
  afterEach(() => vi.restoreAllMocks());

  function clientWith(seller: SellerHeader) {
    const headers: Array<{ url: string; seller: string | undefined }> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input));
      headers.push({ url: url.pathname, seller: (init?.headers as Record<string, string>)['x-seller-id'] });
      return new Response(JSON.stringify(answerFor(url)), { status: 200 });
    });
    const client = new ApiClient({ accessToken: () => 'token', seller, onUnauthorized: vi.fn(), onForbidden: vi.fn(), onError: vi.fn() });
    return { api: createPortalApi(client, config), headers };
  }

  it.each(Object.keys(EVERY_CALL) as Array<keyof PortalApi>)('%s carries the claimed seller from the first call', async (call) => {
    const { api, headers } = clientWith(new SellerHeader({ claimed: 2, stored: () => undefined }));
    await EVERY_CALL[call](api);
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.filter((request) => request.seller !== '2')).toEqual([]);
  });

  it.each(Object.keys(EVERY_CALL) as Array<keyof PortalApi>)('%s carries the resolved seller once start-up set it', async (call) => {
    const seller = new SellerHeader({ claimed: null, stored: () => 18 });
    seller.set(205);
    const { api, headers } = clientWith(seller);
    await EVERY_CALL[call](api);
    expect(headers.filter((request) => request.seller !== '205')).toEqual([]);
  });

  it.each(Object.keys(EVERY_CALL) as Array<keyof PortalApi>)('%s carries no header while no seller is known', async (call) => {
    const { api, headers } = clientWith(new SellerHeader({ claimed: null, stored: () => undefined }));
    await EVERY_CALL[call](api);
    expect(headers.filter((request) => request.seller !== undefined)).toEqual([]);
  });
});
