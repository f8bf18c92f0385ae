import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { perm, prefix } from '../catalogue/define.ts';
import { WEBSITE_EDITOR, MANUAL_INVENTORY_V2 } from '../catalogue/flags.ts';
import { ALL_ROUTES, CATALOGUE, flattenCatalogue } from '../catalogue/index.ts';
import { WEBSITE_EDITOR_READ } from '../catalogue/page-builder.ts';
import type { RouteItem } from '../catalogue/types.ts';
import type { GatingInput } from './context.ts';
import { requirementString } from './permissions.ts';
import { gatingContext } from './test-support.ts';
import { allowedRoutes, deriveMenu, isItemAllowed } from './visibility.ts';

const page = (options: Partial<RouteItem> = {}): RouteItem => ({ path: '/x/page', title: 'X.Page', ...options });
const FLAG = MANUAL_INVENTORY_V2;
const editorRead = requirementString(WEBSITE_EDITOR_READ);
const website = { websiteIds: { web: 'w-1', app: null } } as const;

describe('route gates (shell.md §5, routes.md §5, §9)', () => {
  it.each<[string, Partial<RouteItem>, Partial<GatingInput>, boolean]>([
    ['no gates: shown', {}, {}, true],
    ['permission held', { permissions: [perm('a:b:read')] }, { permissions: ['a:b:read'] }, true],
    ['permission missing', { permissions: [perm('a:b:read')] }, {}, false],
    ['flagKey on', { flagKey: FLAG }, { flags: { [FLAG]: true } }, true],
    ['flagKey off', { flagKey: FLAG }, { flags: { [FLAG]: false } }, false],
    ['flagKey missing from the flags', { flagKey: FLAG }, {}, false],
    ['hideWhenEnabledFlagKey on', { hideWhenEnabledFlagKey: FLAG }, { flags: { [FLAG]: true } }, false],
    ['hideWhenEnabledFlagKey off', { hideWhenEnabledFlagKey: FLAG }, { flags: { [FLAG]: false } }, true],
    ['hideWhenEnabledFlagKey missing', { hideWhenEnabledFlagKey: FLAG }, {}, true],
    ['offline: route without offline support', {}, { isOfflineMode: true }, false],
    ['offline: route supporting offline mode', { supportOfflineMode: true }, { isOfflineMode: true }, true],
    ['online: offline support irrelevant', { supportOfflineMode: true }, {}, true],
    ['admin-only on an admin domain', { adminOnly: true }, { isAdminDomain: true }, true],
    ['admin-only elsewhere', { adminOnly: true }, { isAdminDomain: false }, false],
    ['environment listed', { environments: ['staging', 'production'] }, { environment: 'staging' }, true],
    ['environment not listed', { environments: ['staging', 'production'] }, { environment: 'development' }, false],
    ['production-only in test', { environments: ['production'] }, { environment: 'test' }, false],
    ['allow-list: seller on it', { sellerAllowList: 'comboPromotion' }, { sellerId: 18, comboPromotionSellerIds: [2, 18] }, true],
    ['allow-list: seller not on it', { sellerAllowList: 'comboPromotion' }, { sellerId: 1, comboPromotionSellerIds: [2, 18] }, false],
    ['allow-list: no seller chosen', { sellerAllowList: 'comboPromotion' }, { sellerId: null, comboPromotionSellerIds: [2] }, false],
    ['allow-list: empty list', { sellerAllowList: 'comboPromotion' }, { sellerId: 2 }, false],
    ['custom website: no website configured', { isCustomWebsiteItem: 'web' }, {}, false],
    ['custom app: only a website configured', { isCustomWebsiteItem: 'app' }, website, false],
    ['custom website: configured, no editor permission', { isCustomWebsiteItem: 'web' }, website, true],
    [
      'custom website: editor permission but flag off',
      { isCustomWebsiteItem: 'web' },
      { ...website, permissions: [editorRead], flags: { [WEBSITE_EDITOR]: false } },
      true,
    ],
    [
      'custom website: editor flag on but no permission',
      { isCustomWebsiteItem: 'web' },
      { ...website, flags: { [WEBSITE_EDITOR]: true } },
      true,
    ],
    [
      'custom website: editor permission and flag on',
      { isCustomWebsiteItem: 'web' },
      { ...website, permissions: [editorRead], flags: { [WEBSITE_EDITOR]: true } },
      false,
    ],
    [
      'custom app: editor permission and flag on',
      { isCustomWebsiteItem: 'app' },
      { websiteIds: { web: null, app: 'a-1' }, permissions: [editorRead], flags: { [WEBSITE_EDITOR]: true } },
      false,
    ],
  ])('%s', (_, options, input, expected) => {
    expect(isItemAllowed(page(options), gatingContext(input))).toBe(expected);
  });
});

describe('menu derivation', () => {
  const open = page({ path: '/g/open', title: 'G.Open' });
  const locked = page({ path: '/g/locked', title: 'G.Locked', permissions: [perm('g:locked:read')] });
  const detail = page({ path: '/g/:id', title: 'G.Detail', hideInMenu: true });
  const group = (children: RouteItem[], options: Partial<RouteItem> = {}): RouteItem => ({
    path: '/g',
    title: 'G.Group',
    icon: 'cube-outline',
    children,
    ...options,
  });

  it('lists a group with its visible children only, detail pages left out', () => {
    expect(deriveMenu([group([open, locked, detail])], gatingContext())).toEqual([{ item: group([open, locked, detail]), children: [open] }]);
  });

  it('drops a group with no visible child', () => {
    expect(deriveMenu([group([locked, detail])], gatingContext())).toEqual([]);
  });

  it("drops a group failing its own prefix permission even with open children", () => {
    expect(deriveMenu([group([open], { permissions: [prefix('g')] })], gatingContext())).toEqual([]);
    expect(deriveMenu([group([open], { permissions: [prefix('g')] })], gatingContext({ permissions: ['g:x:read'] }))).toHaveLength(1);
  });

  it('drops an admin-only group off admin domains', () => {
    expect(deriveMenu([group([open], { adminOnly: true })], gatingContext())).toEqual([]);
  });

  it('keeps a group offline when one of its children supports offline mode', () => {
    const offline = page({ path: '/g/offline', title: 'G.Offline', supportOfflineMode: true });
    expect(deriveMenu([group([open, offline])], gatingContext({ isOfflineMode: true }))).toEqual([
      { item: group([open, offline]), children: [offline] },
    ]);
  });

  it('shows top-level pages and hides hidden ones', () => {
    const top = page({ path: '/top', title: 'Top', icon: 'home-outline' });
    expect(deriveMenu([top, page({ path: '/403', hideInMenu: true })], gatingContext())).toEqual([{ item: top, children: [] }]);
  });

  it('the whole catalogue, offline: only the home page', () => {
    const menu = deriveMenu(CATALOGUE, gatingContext({ permissions: ['sale-portal:all:all'], isOfflineMode: true }));
    expect(menu.map(({ item, children }) => [item.path, children.map((child) => child.path)])).toEqual([
      ['/', []],
      ['/dpos', ['/dpos/create-order']],
    ]);
  });

  it('allowedRoutes: exactly one variant of a flagged path, hidden routes included', () => {
    const input = { permissions: ['catalog:all:all'] };
    const variants = (on: boolean) =>
      allowedRoutes(CATALOGUE, gatingContext({ ...input, flags: { [FLAG]: on } })).filter((r) => r.path === '/products/inventory-tracking');
    expect(variants(false).map((r) => r.iFrameSrc?.app)).toEqual(['sellerCenter']);
    expect(variants(true).map((r) => r.iFrameSrc?.app)).toEqual(['sellerCenterV2']);
    expect(allowedRoutes(CATALOGUE, gatingContext(input)).some((r) => r.path === '/products/products/:id')).toBe(true);
  });

  it('allowedRoutes: admin-only routes exist only on admin domains', () => {
    const input = { permissions: ['staff-bff:all:all'] };
    const internal = (isAdminDomain: boolean) =>
      allowedRoutes(CATALOGUE, gatingContext({ ...input, isAdminDomain })).filter((r) => r.path.startsWith('/internal/'));
    expect(internal(false)).toEqual([]);
    expect(internal(true).length).toBeGreaterThan(0);
  });

  it('allowedRoutes: reports v2 come from the BI service outside production, the public service in production', () => {
    const input = { permissions: ['bi-report:dashboard-v2:read:sales'] };
    const sales = (environment: GatingInput['environment']) =>
      allowedRoutes(CATALOGUE, gatingContext({ ...input, environment })).filter((r) => r.path === '/reports/v2/sales');
    expect(sales('staging').map((r) => r.iFrameSrc?.app)).toEqual(['superset']);
    expect(sales('production').map((r) => r.iFrameSrc?.app)).toEqual(['dashboardService']);
  });
});

describe('menu properties over the whole catalogue', () => {
  const known = [...new Set(flattenCatalogue().flatMap((item) => item.permissions?.map(requirementString) ?? []))];
  const permission = fc.oneof(fc.constantFrom(...known), fc.string());
  const flags = fc.dictionary(fc.constantFrom(...new Set(ALL_ROUTES.flatMap((r) => [r.flagKey, r.hideWhenEnabledFlagKey]).filter((k) => k !== undefined))), fc.boolean());
  const visibleItems = (input: Partial<GatingInput>) =>
    new Set(deriveMenu(CATALOGUE, gatingContext(input)).flatMap(({ item, children }) => [item, ...children]).filter((item) => !item.isCustomWebsiteItem));

  // The custom-interface items are the spec's one exception: holding the website-editor read
  // permission hides them while the website-editor flag is on (table above).
  it('adding a permission never hides a menu item (custom-interface items aside)', () => {
    fc.assert(
      fc.property(fc.array(permission, { maxLength: 40 }), permission, flags, fc.boolean(), (held, extra, flagValues, isAdminDomain) => {
        const input = { flags: flagValues, isAdminDomain, websiteIds: { web: 'w', app: 'a' } };
        const before = visibleItems({ ...input, permissions: held });
        const after = visibleItems({ ...input, permissions: [...held, extra] });
        return [...before].every((item) => after.has(item));
      }),
      { numRuns: 200 },
    );
  });

  it('the menu never has more than two levels nor an empty group', () => {
    fc.assert(
      fc.property(fc.array(permission, { maxLength: 60 }), flags, (held, flagValues) =>
        deriveMenu(CATALOGUE, gatingContext({ permissions: held, flags: flagValues })).every(
          ({ item, children }) => (item.children ? children.length > 0 : children.length === 0) && children.every((child) => !child.children),
        ),
      ),
      { numRuns: 100 },
    );
  });
});
