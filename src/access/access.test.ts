import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en/access.json';
import enRoutes from '../i18n/locales/en/routes.json';
import { ALL_ROUTES, CATALOGUE } from '../catalogue/index.ts';
import { REASON_KINDS, type Reason } from '../gating/explain.ts';
import { gatingContext } from '../gating/test-support.ts';
import type { GatingInput } from '../gating/context.ts';
import { createRouteResolver } from '../navigation/resolve-route.ts';
import { createClosedSearch } from './closed-search.ts';
import { longReason, notFoundHeading, requestAccessHref, shortReason, type Translate } from './describe.ts';
import { exploreAccess, filterRows, parseList, reasonCounts } from './explorer-model.ts';
import { triedPath } from './tried-path.ts';

/** The English texts, interpolated like i18next; a missing key fails the test. */
const t: Translate = (key, values = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
  if (typeof text !== 'string') throw new Error(`no text for ${key}`);
  return text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? '');
};
const title = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], enRoutes) as string;

const EVERY_REASON: Reason[] = [
  { kind: 'permission', anyOf: ['a:b:read'], rule: 'exact' },
  { kind: 'permission', anyOf: ['a:b'], rule: 'prefix' },
  { kind: 'permission', anyOf: ['a:b'], rule: 'prefixOrRole' },
  { kind: 'permission', anyOf: ['bi-report:x:read:sales'], rule: 'biReport' },
  { kind: 'flagOff', flagKey: 'f' },
  { kind: 'flagOn', flagKey: 'f' },
  { kind: 'adminDomain' },
  { kind: 'environment', environments: ['production'] },
  { kind: 'offline' },
  { kind: 'site' },
  { kind: 'seller', rule: 'comboPromotion' },
  { kind: 'seller', rule: 'invoicing' },
  { kind: 'seller', rule: 'groupParentSeller' },
  { kind: 'websiteNotConfigured', website: 'web' },
  { kind: 'websiteNotConfigured', website: 'app' },
  { kind: 'websiteEditor' },
];

describe('reasons in plain words', () => {
  it('every reason kind has a short and a long text', () => {
    expect(new Set(EVERY_REASON.map((reason) => reason.kind))).toEqual(new Set(REASON_KINDS));
    for (const reason of EVERY_REASON) {
      expect(shortReason(reason, t)).not.toBe('');
      expect(longReason(reason, t)).not.toBe('');
    }
    expect(shortReason(EVERY_REASON[0]!, t)).toBe('Missing permission');
    expect(longReason({ kind: 'flagOff', flagKey: 'route-management' }, t)).toContain('route-management');
    expect(longReason({ kind: 'environment', environments: ['staging', 'production'] }, t)).toContain('staging, production');
  });

  it.each<[string, Reason[], string | null]>([
    ['offline', [{ kind: 'offline' }], 'This page is not available offline.'],
    ['admin site', [{ kind: 'adminDomain' }, { kind: 'permission', anyOf: [], rule: 'exact' }], 'This page is only available on the administration site.'],
    ['seller allow-list', [{ kind: 'seller', rule: 'comboPromotion' }], 'This page is not enabled for your seller.'],
    ['flag: plain 404', [{ kind: 'flagOff', flagKey: 'f' }], null],
  ])('404 heading: %s', (_, reasons, heading) => {
    expect(notFoundHeading(reasons, t)).toBe(heading);
  });

  it('request access: a mailto to support with route, title, missing permissions, user, seller and platform', () => {
    const href = requestAccessHref(
      {
        email: 'hotro@example.vn',
        path: '/orders/seller',
        title: 'Seller orders',
        missing: ['order:seller-order:read'],
        reasons: [{ kind: 'permission', anyOf: ['order:seller-order:read'], rule: 'exact' }],
        userId: 'staff-0008',
        seller: 'Shop (1)',
        platform: null,
      },
      t,
    );
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('hotro@example.vn');
    expect(url.searchParams.get('subject')).toBe('Access request: Seller orders');
    const body = url.searchParams.get('body') ?? '';
    for (const part of ['/orders/seller', 'Seller orders', 'order:seller-order:read', 'staff-0008', 'Seller: Shop (1)', 'Platform: none', 'Missing permission']) {
      expect(body).toContain(part);
    }
  });

  it('leaves the reasons line out when there is none to give (a refused start-up call names only its permission)', () => {
    const body = new URL(requestAccessHref({ email: 'a@b.vn', path: '/', title: '/', missing: ['sellers:seller:read'], reasons: [], userId: 'u', seller: null, platform: null }, t)).searchParams.get('body') ?? '';
    expect(body).toContain('Missing permission (any one): sellers:seller:read');
    expect(body).not.toContain('Reasons:');
  });
});

describe('closed pages in menu search', () => {
  const search = (input: Partial<GatingInput>) => {
    const resolver = createRouteResolver(CATALOGUE, ALL_ROUTES, gatingContext(input));
    return createClosedSearch(resolver.explain, title);
  };

  it('lists matching menu pages the user cannot open, with their reasons', () => {
    const hits = search({ permissions: ['staff-fe:pos-cashier:read'] })('picking');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.reasons.length > 0 && !hit.item.hideInMenu)).toBe(true);
    expect(hits[0]?.reasons.some((reason) => reason.kind === 'permission')).toBe(true);
  });

  it('leaves out what the user opens, admin-domain pages on other hosts and the internal group', () => {
    expect(search({})('menu directory')).toEqual([]); // internal group, on any host
    expect(search({ isAdminDomain: true })('menu directory')).toEqual([]);
    expect(search({})('support tool')).toEqual([]); // system admin: admin domain only
    expect(search({ isAdminDomain: true })('support tool').length).toBeGreaterThan(0);
    expect(search({ permissions: ['warehouse:all:all'], flags: { 'picking-process': true } })('picking process')).toEqual([]);
    expect(search({})('')).toEqual([]);
  });

  it('one entry per path: a flag variant the user opens hides its twin', () => {
    const hits = search({})('inventory tracking');
    expect(new Set(hits.map((hit) => hit.item.path)).size).toBe(hits.length);
  });
});

describe('access explorer model', () => {
  it.each<[string, string, string[] | null]>([
    ['lines', 'a:b:read\n\n  c:d:all  \na:b:read', ['a:b:read', 'c:d:all']],
    ['JSON array', '["a:b:read", "c:d:all"]', ['a:b:read', 'c:d:all']],
    ['empty', '   ', []],
    ['broken JSON', '["a:b:read",', null],
    ['JSON with a number', '["a", 1]', null],
  ])('parses a permission list: %s', (_, text, expected) => {
    const parsed = parseList(text);
    expect(parsed.ok ? parsed.values : null).toEqual(expected);
  });

  it('menu, rows, counts per reason and filters agree with the gate', () => {
    const { menu, rows } = exploreAccess(gatingContext({ permissions: ['warehouse:all:all'] }));
    expect(rows).toHaveLength(ALL_ROUTES.length);
    const allowed = rows.filter((row) => row.explanation.allowed);
    const counts = reasonCounts(rows);
    expect(counts.find((count) => count.reason === 'allowed')?.count).toBe(allowed.length);
    expect(counts.find((count) => count.reason === 'adminDomain')?.count).toBeGreaterThan(0);
    const warehousing = filterRows(rows, { module: '/warehousing', reason: 'allowed' });
    expect(warehousing.length).toBeGreaterThan(0);
    expect(warehousing.every((row) => row.module.path === '/warehousing' && row.explanation.allowed)).toBe(true);
    expect(menu.some((entry) => entry.item.path === '/warehousing')).toBe(true);
    expect(filterRows(rows, { module: null, reason: 'permission' }).every((row) => !row.explanation.allowed)).toBe(true);
  });
});

describe('the address tried before /403 or /404', () => {
  it.each<[unknown, string | null]>([
    [{ from: '/orders/seller' }, '/orders/seller'],
    [null, null],
    ['/x', null],
    [{ from: 'https://evil.example/' }, null],
    [{ from: 42 }, null],
  ])('%j', (state, expected) => {
    expect(triedPath(state)).toBe(expected);
  });
});
