import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FLAG_KEYS } from '../src/catalogue/flags.ts';
import { BYPASS_UPGRADE_PERMISSION } from './api/endpoints.ts';
import { FixtureError, loadFixtures } from './fixture-loader.ts';
import { startStack } from './stack.ts';
import { fixturesCopy, type FixtureEdits } from './testing/fixtures.ts';

const dirs: string[] = [];
const copy = (edits?: FixtureEdits) => {
  const dir = fixturesCopy(edits);
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function problemsOf(dir: string): string[] {
  try {
    loadFixtures(dir);
  } catch (error) {
    if (error instanceof FixtureError) return error.problems;
    throw error;
  }
  throw new Error('the fixtures were accepted');
}

describe('built-in fixtures', () => {
  const fixtures = loadFixtures();

  it('cover the users the issue asks for', () => {
    const user = (name: string) => fixtures.users.find((candidate) => candidate.username === name);
    expect(user('admin')?.claims.meta_data).toMatchObject({ seller_id: '0', platform_id: 0 });
    expect(user('admin')?.claims.permissions).toContain('sellers:all:all');
    expect(user('cashier')?.claims.meta_data).toMatchObject({ seller_id: '2', siteId: 104 });
    expect(user('picker')?.claims.meta_data.siteIds?.length).toBeGreaterThan(1);
    expect(user('accountant')?.claims.meta_data.seller_id.split(',').length).toBeGreaterThan(1);
    expect(fixtures.sellers.some((seller) => String(seller.id) === user('noseller')?.claims.meta_data.seller_id)).toBe(false);
    expect(user('bypass')?.claims.permissions).toContain(BYPASS_UPGRADE_PERMISSION);
    expect(BYPASS_UPGRADE_PERMISSION).toBe('staff-bff:upgrading-process:bypass');
    expect(user('shortsession')?.accessTokenTtl).toBeLessThanOrEqual(10);
  });

  it('hold enough platforms for load-more and sellers for two pages of 200, with the §3 variety', () => {
    expect(fixtures.platforms.length).toBeGreaterThanOrEqual(25);
    expect(fixtures.sellers.length).toBeGreaterThan(200);
    expect(fixtures.sellers.some((seller) => !seller.isActive)).toBe(true);
    expect(fixtures.sellers.some((seller) => seller.logoUrl === undefined)).toBe(true);
    expect(fixtures.sellers.some((seller) => seller.name.includes('Đ'))).toBe(true);
  });

  it('place every upgrade window in 2030, out of the way of normal use', () => {
    for (const window of fixtures.upgradeWindows) expect(window.from.startsWith('2030-')).toBe(true);
    expect(fixtures.upgradeWindows.some((window) => window.pathPrefix === '/')).toBe(true);
  });
});

describe('invalid fixtures stop with the file and field named', () => {
  it('a wrong field type', () => {
    const dir = copy({ 'sellers.json': (sellers) => void ((sellers[3] as { isActive: unknown }).isActive = 'yes') });
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^sellers\.json: 3\.isActive: .*boolean/)]);
  });

  it('a malformed permission and a missing claim', () => {
    let index = -1;
    const dir = copy({
      'users.json': (users) => {
        index = (users[1]?.claims.permissions.push('not-a-permission') ?? 0) - 1;
        delete (users[2]?.claims as { email?: unknown }).email;
      },
    });
    expect(problemsOf(dir)).toEqual(
      expect.arrayContaining([
        `users.json: 1.claims.permissions.${index}: must look like app:resource:action`,
        expect.stringMatching(/^users\.json: 2\.claims\.email: /),
      ]),
    );
  });

  it('the POS products: a price that is no price, and a product listed twice', () => {
    const dir = copy({
      'pos.json': (pos) => {
        const [first, second] = pos.products;
        if (first) first.price = -1;
        if (second && first) second.sku = first.sku;
      },
    });
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^pos\.json: products\.0\.price: /)]);
    const twice = copy({ 'pos.json': (pos) => void (pos.products[1] && pos.products[0] && (pos.products[1].sku = pos.products[0].sku)) });
    expect(problemsOf(twice)).toEqual(['pos.json: products: 1.sku: duplicate "TV-SS-55"']);
  });

  it('a file that is not JSON', () => {
    const dir = copy();
    writeFileSync(join(dir, 'flags.json'), '[{"key": "x",');
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^flags\.json: .*JSON/)]);
  });

  it('a missing file', () => {
    const dir = copy();
    rmSync(join(dir, 'sites.json'));
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^sites\.json: ENOENT/)]);
  });

  it('every flag in the fixtures is one the portal asks for, and the other way round', () => {
    const keys = loadFixtures().flags.map((flag) => flag.key);
    expect([...keys].sort()).toEqual([...FLAG_KEYS].sort());
  });

  it('references between files, duplicates and time order', () => {
    const dir = copy({
      'websites.json': (websites) => void (websites[0] && (websites[0].platformId = 999)),
      'flags.json': (flags) => void flags.push({ key: 'route-management', enabled: false }),
      'upgrade-windows.json': (windows) => void (windows[0] && (windows[0].to = '2029-01-01T00:00:00+07:00')),
    });
    expect(problemsOf(dir)).toEqual(['upgrade-windows.json: 0.to: to must be after from']);
    let duplicate = -1;
    const fixed = copy({
      'websites.json': (websites) => void (websites[0] && (websites[0].platformId = 999)),
      'flags.json': (flags) => void (duplicate = flags.push({ key: 'route-management', enabled: false }) - 1),
    });
    expect(problemsOf(fixed)).toEqual([
      `flags.json: ${duplicate}.key: duplicate "route-management"`,
      'websites.json: 0.platformId: no platform 999 in platforms.json',
    ]);
  });

  it('portal settings checked by the portal config schema, without a default brand', () => {
    const dir = copy({
      'portal.json': (portal) => {
        portal.support = { defaultEmail: 'not-an-email' };
        (portal.brands as { default?: unknown }).default = { logo: '/x.svg', favicon: '/x.svg' };
      },
    });
    expect(problemsOf(dir)).toEqual([
      'portal.json: brands: Unrecognized key: "default"',
      expect.stringMatching(/^portal\.json: support\.defaultEmail: /),
    ]);
  });

  it('startStack refuses them before anything listens', async () => {
    const dir = copy({ 'platforms.json': (platforms) => void (platforms[0] && (platforms[0].id = -1)) });
    await expect(startStack({ fixturesDir: dir, ports: { idp: 0, api: 0, apps: 0 } })).rejects.toThrow(/platforms\.json: 0\.id/);
  });

  it('`tsx dev/start.ts` with PORTAL_FIXTURES pointing at them exits 1 naming the file and field', () => {
    const dir = copy({ 'sites.json': (sites) => void (sites[0] && (sites[0].name = '')) });
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'dev/start.ts'], {
      env: { ...process.env, PORTAL_FIXTURES: dir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/sites\.json: 0\.name: /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
