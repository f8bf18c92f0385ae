import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import type { PortalApi, Seller, Site } from '../api/portal-api.ts';
import { reconcile, runStartup, shellContext, START_BUDGET, type StartupDeps } from './startup.ts';
import type { ShellContextValue, ShellParts } from '../context/shell.ts';
import { portalUser, seller, shellParts, site } from './testing.ts';

/** A PortalApi whose calls record when they started and answer what the case gives. */
function fakeApi(answers: { sellers?: () => Promise<Seller[]>; sites?: Site[] } = {}) {
  const started: string[] = [];
  const record =
    <T,>(name: string, value: () => Promise<T>) =>
    (..._args: unknown[]) => {
      started.push(name);
      return value();
    };
  const api = {
    sellers: vi.fn(record('sellers', answers.sellers ?? (async () => [seller(2)]))),
    websites: vi.fn(record('websites', async () => [])),
    userSites: vi.fn(record('sites', async () => answers.sites ?? [])),
    numberDisplayFormat: vi.fn(record('format', async () => ({ thousandSeparator: ',', decimalSeparator: '.' }))),
    upgradeWindows: vi.fn(record('upgradeWindows', async () => [])),
  } as unknown as PortalApi;
  return { api, started };
}

function deps(api: PortalApi, overrides: Partial<StartupDeps> = {}): StartupDeps {
  return {
    api,
    loadFlags: vi.fn(async () => ({ 'some-flag': true })),
    stored: { platform: () => undefined, sellerId: () => undefined, siteId: () => undefined },
    deadlineMs: 8000,
    ...overrides,
  };
}

describe('runStartup', () => {
  it('asks for flags, sellers and the maintenance windows at once, before any of them answers', async () => {
    let releaseFlags!: () => void;
    const flagsHeld = new Promise<void>((resolve) => (releaseFlags = resolve));
    const { api, started } = fakeApi();
    const loadFlags = vi.fn(async () => (await flagsHeld, { 'some-flag': true }));
    const run = runStartup(portalUser(), deps(api, { loadFlags }));
    await vi.waitFor(() => expect(started).toEqual(expect.arrayContaining(['upgradeWindows', 'sellers'])));
    expect(loadFlags).toHaveBeenCalledWith({ sub: 'staff-1', sellerId: 2, platformId: 1 }, 8000 * START_BUDGET.flags);
    releaseFlags();
    const state = await run;
    expect(state).toMatchObject({ step: 'ready', context: { flags: { 'some-flag': true }, seller: { id: 2 } } });
  });

  it('asks for the websites, the sites and both number formats with the seller list, not after it', async () => {
    let releaseSellers!: () => void;
    const sellersHeld = new Promise<void>((resolve) => (releaseSellers = resolve));
    const { api, started } = fakeApi({ sellers: async () => (await sellersHeld, [seller(2)]), sites: [site(5)] });
    const run = runStartup(portalUser({ siteIds: [5] }), deps(api));
    await vi.waitFor(() => expect(started).toEqual(expect.arrayContaining(['sellers', 'websites', 'sites', 'format'])));
    expect(api.numberDisplayFormat).toHaveBeenCalledWith({ platformId: 1 }, { timeoutMs: 8000 * START_BUDGET.lists });
    expect(api.numberDisplayFormat).toHaveBeenCalledWith({ sellerId: 2 }, { timeoutMs: 8000 * START_BUDGET.lists });
    releaseSellers();
    expect(await run).toMatchObject({ step: 'ready', context: { seller: { id: 2 }, site: { id: 5 } } });
    expect(api.numberDisplayFormat).toHaveBeenCalledTimes(2);
  });

  it('asks for the number format of the seller the list resolved when it is not the one expected', async () => {
    const { api } = fakeApi({ sellers: async () => [seller(3)] });
    const formats = { 2: { thousandSeparator: ' ', decimalSeparator: ',' }, 3: { thousandSeparator: '.', decimalSeparator: ',' } };
    vi.mocked(api.numberDisplayFormat).mockImplementation(async (owner) => ('sellerId' in owner ? formats[owner.sellerId as 2 | 3] : { thousandSeparator: ',', decimalSeparator: '.' }));
    const state = await runStartup(portalUser({ sellerClaim: { kind: 'all' } }), deps(api, { stored: { platform: () => undefined, sellerId: () => 2, siteId: () => undefined } }));
    expect(state).toMatchObject({ step: 'ready', context: { seller: { id: 3 }, sellerNumberFormat: formats[3] } });
    expect(api.numberDisplayFormat).toHaveBeenCalledWith({ sellerId: 3 }, expect.anything());
  });

  it('sizes the start path calls to the deadline: sellers and lists finish before it', async () => {
    const { api } = fakeApi({ sites: [site(5)] });
    await runStartup(portalUser({ siteIds: [5] }), deps(api, { deadlineMs: 10_000 }));
    expect(api.sellers).toHaveBeenCalledWith(1, { timeoutMs: 5000 });
    expect(api.userSites).toHaveBeenCalledWith({ timeoutMs: 3000 });
    expect(START_BUDGET.sellers + START_BUDGET.lists).toBeLessThan(1);
    expect(START_BUDGET.flags + START_BUDGET.lists).toBeLessThan(1);
  });

  it('names the steps as it goes', async () => {
    const { api } = fakeApi();
    const steps: string[] = [];
    await runStartup(portalUser(), deps(api, { onStep: (step) => steps.push(step) }));
    expect(steps).toEqual(['flags', 'sellers', 'sites']);
  });

  it.each([
    ['the platform must be chosen', portalUser({ platformClaim: 0 }), undefined, 'choosePlatform'],
    ['the seller list failed', portalUser(), async () => Promise.reject(new ApiError('timeout', null, { code: null, message: null }, 'u')), 'sellerLoadFailed'],
    ['the seller list is refused', portalUser(), async () => Promise.reject(new ApiError('http', 403, { code: null, message: null }, 'u')), 'forbidden'],
    ['no seller of the claims exists', portalUser({ sellerClaim: { kind: 'ids', ids: [9] } }), async () => [seller(2)], 'noValidSeller'],
    ['several sellers and none stored', portalUser({ sellerClaim: { kind: 'all' } }), async () => [seller(2), seller(3)], 'chooseSeller'],
  ] as const)('stops at a named state when %s', async (_case, user, sellers, step) => {
    const { api } = fakeApi({ sellers });
    expect(await runStartup(user, deps(api))).toMatchObject({ step });
  });

  it('the stored site is used when it is still the user’s, else the first', async () => {
    const { api } = fakeApi({ sites: [site(5), site(6)] });
    const user = portalUser({ siteIds: [5, 6] });
    const kept = await runStartup(user, deps(api, { stored: { platform: () => undefined, sellerId: () => undefined, siteId: () => 6 } }));
    expect(kept).toMatchObject({ step: 'ready', context: { site: { id: 6 }, can: { switchSite: true } } });
    const gone = await runStartup(user, deps(api, { stored: { platform: () => undefined, sellerId: () => undefined, siteId: () => 7 } }));
    expect(gone).toMatchObject({ step: 'ready', context: { site: { id: 5 } } });
  });
});

const parts = (overrides: Partial<ShellParts> = {}) => shellParts({ user: portalUser(), ...overrides });

describe('reconcile', () => {
  const shown: ShellContextValue = shellContext(parts());
  it.each([
    ['nothing changed (key order aside)', { step: 'ready', context: shellContext({ ...parts(), user: { ...portalUser() } }) }, 'unchanged'],
    ['a permission was removed', { step: 'ready', context: shellContext(parts({ user: portalUser({ permissions: [] }) })) }, 'update'],
    ['a flag flipped', { step: 'ready', context: shellContext(parts({ flags: { a: false } })) }, 'update'],
    ['the shown site is gone', { step: 'ready', context: shellContext(parts({ site: site(6), sites: [site(6)] })) }, 'siteInvalid'],
    ['the seller is gone', { step: 'noValidSeller', user: portalUser() }, 'blocked'],
    ['a seller must be chosen', { step: 'chooseSeller', user: portalUser(), sellers: [seller(3), seller(4)] }, 'blocked'],
    ['the sellers could not be loaded', { step: 'sellerLoadFailed', user: portalUser() }, 'keep'],
  ] as const)('%s', (_case, fresh, kind) => {
    expect(reconcile(shown, fresh as Parameters<typeof reconcile>[1]).kind).toBe(kind);
  });
});
