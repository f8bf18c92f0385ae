import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../api/client.ts';
import { createPortalApi } from '../api/portal-api.ts';
import { SellerHeader } from '../api/seller-header.ts';
import { serviceBases } from '../config/service-bases.ts';
import { storedPlatform, storedSellerId, storedSiteId } from '../context/choices.ts';
import { portalUserFrom } from '../context/user.ts';
import { loadFlags } from '../flags/load.ts';
import { storedUserName } from '../session/stored-entries.ts';
import { earlyConfig, earlySignedIn, sendStartCallsEarly } from './early-calls.ts';
import { runStartup } from './startup.ts';
import { seller } from './testing.ts';

const NOW = Date.now();
const inSeconds = (seconds: number) => NOW / 1000 + seconds;
const config = { api: { base: 'http://api.test/v', flags: 'http://flags.test' }, oidc: { authority: 'http://id.test', clientId: 'portal' } };
const claims = { sub: 'staff-1', meta_data: { platform_id: 1, seller_id: '7', siteId: [5] } };
const entry = (fields: Record<string, unknown>) => JSON.stringify({ access_token: 'token-1', expires_at: inSeconds(3600), profile: claims, ...fields });

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('earlyConfig: what the early calls read of the runtime config', () => {
  it('reads the API and flag addresses (the flags default to the API) and the sign-in client', () => {
    expect(earlyConfig(config)).toEqual({ api: serviceBases(config.api), oidc: config.oidc });
    expect(earlyConfig({ ...config, api: { base: 'http://api.test' } })?.api.flags).toBe('http://api.test');
  });

  it.each([
    ['not an object', 'config'],
    ['an array', [config]],
    ['no API address', { ...config, api: {} }],
    ['a javascript: API address', { ...config, api: { base: 'javascript:alert(1)' } }],
    ['an unreadable flag address', { ...config, api: { base: 'http://api.test', flags: 'not an address' } }],
    ['no identity provider', { api: config.api }],
    ['an empty client id', { ...config, oidc: { authority: 'http://id.test', clientId: '' } }],
  ])('sends nothing for %s', (_name, json) => expect(earlyConfig(json)).toBeNull());
});

describe('earlySignedIn: the stored user whose token the calls carry', () => {
  it('reads the token and the claims the first calls need', () => {
    expect(earlySignedIn(entry({}), NOW)).toEqual({ token: 'token-1', user: { sub: 'staff-1', platformClaim: 1, sellerClaim: { kind: 'ids', ids: [7] }, siteIds: [5] } });
  });

  it.each([
    ['no entry', null],
    ['an entry that is not JSON', '{'],
    ['a token the session renews first (ending within 5 minutes)', entry({ expires_at: inSeconds(299) })],
    ['an ended token', entry({ expires_at: inSeconds(-10) })],
    ['no access token', entry({ access_token: '' })],
    ['a profile without a subject', entry({ profile: { meta_data: {} } })],
  ])('is none for %s', (_name, raw) => expect(earlySignedIn(raw, NOW)).toBeNull());
});

/** Each call goes out in a task of its own: after those. */
const callsSent = () => new Promise((resolve) => setTimeout(resolve, 1));

/** The local stack's answers to a start's calls, by path; every request is recorded. */
function answeringFetch() {
  const answers: Record<string, unknown> = {
    '/config.json': config,
    '/api/v1/evaluation/batch': { evaluationResults: [] },
    '/v/api/v1/upgrade-time': { data: { windows: [] } },
    '/v/api/v1/platforms/1/websites': { websites: [] },
    '/v/api/v1/sites/user': { data: { sites: [{ id: 5, name: 'Kho 5' }] } },
    '/v/api/v1/platforms/config': { numberDisplayFormat: { thousandSeparator: '.', decimalSeparator: ',' } },
    '/v/api/v1/seller-list': { data: { sellers: [seller(7)], total: 1 } },
  };
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://portal.test').pathname;
    if (!(path in answers)) throw new Error(`unexpected call ${path}`);
    return new Response(JSON.stringify(answers[path]), { status: 200 });
  });
}

/** The app's own first start over the same fetch: its API client takes the early answers. */
function appStart() {
  const client = new ApiClient({
    accessToken: () => 'token-1',
    seller: new SellerHeader({ claimed: 7, stored: storedSellerId }),
    onUnauthorized: vi.fn(),
    onForbidden: vi.fn(),
    onError: vi.fn(),
  });
  const api = createPortalApi(client, serviceBases(config.api));
  return runStartup(portalUserFrom(claims), {
    api,
    loadFlags: (context) => loadFlags(context, { evaluate: api.evaluateFlags, readCache: async () => undefined, writeCache: async () => undefined, onFailure: vi.fn() }),
    stored: { platform: storedPlatform, sellerId: storedSellerId, siteId: storedSiteId },
    deadlineMs: 8000,
  });
}

describe('sendStartCallsEarly', () => {
  it("sends the config and every first call of the start, and the app's start sends none of them again", async () => {
    localStorage.setItem(storedUserName(config.oidc.authority, config.oidc.clientId), entry({}));
    const fetch = answeringFetch();
    await sendStartCallsEarly();
    await callsSent();
    const early = fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    expect(early).toEqual([
      'GET /config.json',
      'POST http://flags.test/api/v1/evaluation/batch',
      'GET http://api.test/v/api/v1/upgrade-time',
      'GET http://api.test/v/api/v1/platforms/1/websites',
      'GET http://api.test/v/api/v1/sites/user',
      'GET http://api.test/v/api/v1/platforms/config?platformId=1',
      'GET http://api.test/v/api/v1/platforms/config?sellerId=7',
      'GET http://api.test/v/api/v1/seller-list?page=1&pageSize=200&platformId=1',
    ]);
    const state = await appStart();
    expect(state).toMatchObject({ step: 'ready', context: { seller: { id: 7 }, site: { id: 5 } } });
    expect(fetch).toHaveBeenCalledTimes(early.length);
  });

  it.each([
    ['offline mode was chosen', () => localStorage.setItem('isOnlineMode', 'false'), []],
    ['nobody is signed in', () => undefined, ['/config.json']],
    ['the token is ending (the session renews it first)', () => localStorage.setItem(storedUserName(config.oidc.authority, config.oidc.clientId), entry({ expires_at: Date.now() / 1000 + 60 })), ['/config.json']],
  ])('sends no call of the start when %s', async (_name, arrange, sent) => {
    arrange();
    const fetch = answeringFetch();
    await sendStartCallsEarly();
    await callsSent();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(sent);
  });

  it('never rejects: an unreachable config only means the app sends its calls itself', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(sendStartCallsEarly()).resolves.toBeUndefined();
  });
});
