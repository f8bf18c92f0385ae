import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FrameSettings } from '../../packages/frame-client/index.ts';
import { STORAGE_KEYS } from '../storage/local.ts';
import { FramePool, type FrameSpec } from './pool-store.ts';
import { countOpen, isOpens, MAX_COUNTED_ROUTES, mayWarm, startWarming, warmBudget, warmRoutes, type DeviceFacts, type WarmInput } from './warm.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('whether a device may load apps ahead', () => {
  const online: DeviceFacts = { online: true, offlineMode: false, effectiveType: '4g', saveData: false, deviceMemory: 4 };
  it.each<[string, Partial<DeviceFacts>, boolean]>([
    ['a good connection and memory', {}, true],
    ['a browser that says nothing of its connection or memory', { effectiveType: undefined, saveData: undefined, deviceMemory: undefined }, true],
    ['3G', { effectiveType: '3g' }, true],
    ['2G', { effectiveType: '2g' }, false],
    ['slow 2G', { effectiveType: 'slow-2g' }, false],
    ['Save-Data', { saveData: true }, false],
    ['2 GB of memory', { deviceMemory: 2 }, false],
    ['1 GB of memory', { deviceMemory: 1 }, false],
    ['more than 2 GB', { deviceMemory: 2.5 }, true],
    ['no connection, online mode', { online: false }, false],
    ['no connection, offline mode (only routes that work offline open)', { online: false, offlineMode: true }, true],
  ])('%s: %s', (_name, facts, expected) => {
    expect(mayWarm({ ...online, ...facts })).toBe(expected);
  });
});

describe('warm budgets', () => {
  it('are the handheld layout’s below the tablet width, the desktop’s from it', () => {
    const budgets = { warmHandheld: 2, warmDesktop: 4 };
    expect(warmBudget(360, budgets)).toBe(2);
    expect(warmBudget(767, budgets)).toBe(2);
    expect(warmBudget(768, budgets)).toBe(4);
  });
});

describe('the person’s opens', () => {
  it('counts each open of a route for the person; another person’s counts start afresh', () => {
    let opens = countOpen(undefined, 'staff-1', '/a');
    opens = countOpen(opens, 'staff-1', '/a');
    opens = countOpen(opens, 'staff-1', '/b');
    expect(opens).toEqual({ sub: 'staff-1', routes: { '/a': 2, '/b': 1 } });
    expect(countOpen(opens, 'staff-2', '/c')).toEqual({ sub: 'staff-2', routes: { '/c': 1 } });
  });

  it('keeps at most the most opened routes (a bound on what the device keeps)', () => {
    let opens = countOpen(undefined, 's', '/often');
    opens = countOpen(opens, 's', '/often');
    for (let index = 0; index < MAX_COUNTED_ROUTES + 5; index++) opens = countOpen(opens, 's', `/r${index}`);
    expect(Object.keys(opens.routes)).toHaveLength(MAX_COUNTED_ROUTES);
    expect(opens.routes['/often']).toBe(2);
    expect(isOpens(opens)).toBe(true);
  });

  it.each([
    ['no sub', { routes: {} }],
    ['routes not an object', { sub: 's', routes: [] }],
    ['a count that is no positive whole number', { sub: 's', routes: { '/a': 0 } }],
    ['a fraction', { sub: 's', routes: { '/a': 1.5 } }],
    ['a path that is no portal path', { sub: 's', routes: { 'https://evil.example': 3 } }],
    ['too many routes', { sub: 's', routes: Object.fromEntries(Array.from({ length: MAX_COUNTED_ROUTES + 1 }, (_, i) => [`/r${i}`, 1])) }],
  ])('refuses a stored value with %s', (_name, value) => {
    expect(isOpens(value)).toBe(false);
  });
});

describe('which routes are warmed', () => {
  it('the apps by all their routes’ opens, each app’s most opened route; routes that cannot open now are left out', () => {
    const apps: Record<string, string | null> = { '/pos/a': 'pos', '/pos/b': 'pos', '/crm/a': 'crm', '/wh/a': 'warehouse', '/gone': null };
    expect(warmRoutes({ '/pos/a': 2, '/pos/b': 3, '/crm/a': 4, '/wh/a': 1, '/gone': 50 }, (path) => apps[path] ?? null)).toEqual(['/pos/b', '/crm/a', '/wh/a']);
  });
});

describe('warming', () => {
  const settings = { title: 't' } as unknown as FrameSettings;
  const specOf = (path: string, app: string): FrameSpec => ({ key: `http://${app}.example${path}`, src: `http://${app}.example${path}`, app, origin: `http://${app}.example`, title: path, settings, path });
  const APPS: Record<string, string> = { '/erp': 'erp', '/pos': 'pos', '/crm': 'crm', '/wh': 'warehouse', '/fin': 'finance' };
  const frameAt = (path: string) => (APPS[path] ? specOf(path, APPS[path]) : null);

  function setup({ size = 6, warmHandheld = 2, warmDesktop = 4, opens = {} as Record<string, number>, sub = 'staff-1' } = {}) {
    localStorage.setItem(STORAGE_KEYS.frameOpens, JSON.stringify({ sub, routes: opens }));
    const pool = new FramePool(() => size);
    const input = (): WarmInput => ({ sub: 'staff-1', frameAt, offlineMode: false, frames: { warmHandheld, warmDesktop } });
    return { pool, input };
  }
  const stub = (memory: number | undefined, width = 1280) => {
    vi.stubGlobal('navigator', { ...navigator, onLine: true, deviceMemory: memory, connection: { effectiveType: '4g', saveData: false } });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: width >= 768 && query.includes('min-width') }));
  };
  const warmKeys = (pool: FramePool) => pool.getSnapshot().entries.map((entry) => entry.app);

  it('loads the most opened apps ahead, one at a time, hidden and told so in window.name, never one that is alive', async () => {
    stub(8);
    const { pool, input } = setup({ opens: { '/erp': 9, '/pos': 5, '/crm': 4, '/wh': 3, '/fin': 2 } });
    pool.show(specOf('/erp', 'erp'));
    const warming = startWarming(pool, input);
    // One at a time: the next waits for this one's page.
    await vi.waitFor(() => expect(warmKeys(pool)).toEqual(['erp', 'pos']));
    const [, warm] = pool.getSnapshot().entries;
    expect(warm).toMatchObject({ lastUsed: 0, status: 'loading', name: JSON.stringify({ ...settings, hidden: true }), sentSettings: JSON.stringify(settings) });
    expect(pool.getSnapshot().activeKey).toBe(specOf('/erp', 'erp').key);
    pool.loaded(warm!.key);
    await vi.waitFor(() => expect(warmKeys(pool)).toEqual(['erp', 'pos', 'crm']));
    pool.loaded(pool.getSnapshot().entries[2]!.key);
    await vi.waitFor(() => expect(warmKeys(pool)).toEqual(['erp', 'pos', 'crm', 'warehouse']));
    pool.loaded(pool.getSnapshot().entries[3]!.key);
    await vi.waitFor(() => expect(warmKeys(pool)).toEqual(['erp', 'pos', 'crm', 'warehouse', 'finance']));
    pool.loaded(pool.getSnapshot().entries[4]!.key);
    // The desktop's 4, no more.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warmKeys(pool)).toHaveLength(5);
    warming.stop();
  });

  it('the handheld layout’s budget; and warm frames share the pool’s room, going first when a shown route needs it', async () => {
    stub(4, 360);
    const { pool, input } = setup({ size: 3, opens: { '/pos': 5, '/crm': 4, '/wh': 3 } });
    pool.show(specOf('/erp', 'erp'));
    startWarming(pool, input);
    await vi.waitFor(() => expect(warmKeys(pool)).toEqual(['erp', 'pos']));
    pool.loaded(pool.getSnapshot().entries[1]!.key);
    await vi.waitFor(() => expect(warmKeys(pool)).toEqual(['erp', 'pos', 'crm']));
    pool.show(specOf('/fin', 'finance'));
    expect(warmKeys(pool)).toEqual(['erp', 'pos', 'finance']);
  });

  it('none on a device with 2 GB of memory or less, nor for counts of another person', async () => {
    stub(2);
    const low = setup({ opens: { '/pos': 5 } });
    startWarming(low.pool, low.input);
    stub(8);
    const other = setup({ opens: { '/pos': 5 }, sub: 'staff-2' });
    startWarming(other.pool, other.input);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(low.pool.getSnapshot().entries).toEqual([]);
    expect(other.pool.getSnapshot().entries).toEqual([]);
  });

  it('counts the route shown when it starts and each route opened after', () => {
    stub(8);
    const { pool, input } = setup();
    localStorage.clear();
    vi.stubGlobal('location', { ...location, pathname: '/erp' });
    pool.show(specOf('/erp', 'erp'));
    const warming = startWarming(pool, input);
    warming.opened('/pos');
    warming.opened('/pos');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.frameOpens)!)).toEqual({ sub: 'staff-1', routes: { '/erp': 1, '/pos': 2 } });
  });
});
