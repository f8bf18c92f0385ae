import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { perm, prefix } from '../catalogue/define.ts';
import { FLAG_KEYS, MANUAL_INVENTORY_V2, WEBSITE_EDITOR } from '../catalogue/flags.ts';
import { ALL_ROUTES, CATALOGUE, flattenCatalogue } from '../catalogue/index.ts';
import { WEBSITE_EDITOR_READ } from '../catalogue/page-builder.ts';
import type { RouteItem } from '../catalogue/types.ts';
import { ENVIRONMENTS } from '../config/schema.ts';
import { createRouteResolver } from '../navigation/resolve-route.ts';
import type { GatingInput } from './context.ts';
import { ancestorsIndex, explain, hidesRoute, missingPermissions, type Reason } from './explain.ts';
import { requirementString } from './permissions.ts';
import { gatingContext } from './test-support.ts';
import { deriveMenu } from './visibility.ts';

const page = (options: Partial<RouteItem> = {}): RouteItem => ({ path: '/x/page', title: 'X.Page', ...options });
const FLAG = MANUAL_INVENTORY_V2;
const reasonsOf = (item: RouteItem, input: Partial<GatingInput> = {}, ancestors: RouteItem[] = []): readonly Reason[] => {
  const explanation = explain(item, gatingContext(input), ancestors);
  return explanation.allowed ? [] : explanation.reasons;
};

describe('explain: every reason', () => {
  const website = { websiteIds: { web: 'w-1', app: null } } as const;
  it.each<[string, Partial<RouteItem>, Partial<GatingInput>, Reason[]]>([
    ['open route', {}, {}, []],
    ['exact permission missing', { permissions: [perm('a:b:read'), perm('a:b:all')] }, {}, [{ kind: 'permission', anyOf: ['a:b:read', 'a:b:all'], rule: 'exact' }]],
    ['exact permission held through app:all:all', { permissions: [perm('a:b:read')] }, { permissions: ['a:all:all'] }, []],
    [
      'prefix rule (usePermissionPrefix) names the prefix',
      { permissions: [prefix('staff-bff:legacy-staff-management')], usePermissionPrefix: true },
      {},
      [{ kind: 'permission', anyOf: ['staff-bff:legacy-staff-management'], rule: 'prefixOrRole' }],
    ],
    ['prefix rule met by a role', { permissions: [prefix('staff-bff:legacy-staff-management')], usePermissionPrefix: true }, { roles: ['legacy-staff-management'] }, []],
    [
      'BI report rule',
      { path: '/reports/bi/sales', permissions: [perm('bi-report:dashboard:read:sales')] },
      {},
      [{ kind: 'permission', anyOf: ['bi-report:dashboard:read:sales'], rule: 'biReport' }],
    ],
    ['flag off', { flagKey: FLAG }, {}, [{ kind: 'flagOff', flagKey: FLAG }]],
    ['flag on hides', { hideWhenEnabledFlagKey: FLAG }, { flags: { [FLAG]: true } }, [{ kind: 'flagOn', flagKey: FLAG }]],
    ['admin domain only', { adminOnly: true }, {}, [{ kind: 'adminDomain' }]],
    ['admin domain on the admin host', { adminOnly: true }, { isAdminDomain: true }, []],
    ['environment', { environments: ['production'] }, { environment: 'staging' }, [{ kind: 'environment', environments: ['production'] }]],
    ['offline', {}, { isOfflineMode: true }, [{ kind: 'offline' }]],
    ['offline-capable route offline', { supportOfflineMode: true }, { isOfflineMode: true }, []],
    ['site required, none valid', { requireSiteId: true }, { hasSite: false }, [{ kind: 'site' }]],
    ['site required, one valid', { requireSiteId: true }, { hasSite: true }, []],
    ['seller not on the allow-list', { sellerAllowList: 'comboPromotion' }, { sellerId: 1, comboPromotionSellerIds: [18] }, [{ kind: 'seller', rule: 'comboPromotion' }]],
    [
      'seller not invoicing',
      { sellerSupport: 'invoicing' },
      { sellerId: 1, sellerSupport: { invoicingSellerIds: [18], groupParentSellerId: 18 } },
      [{ kind: 'seller', rule: 'invoicing' }],
    ],
    [
      'seller not the group parent',
      { sellerSupport: 'groupParentSeller' },
      { sellerId: 1, sellerSupport: { invoicingSellerIds: [1], groupParentSellerId: 18 } },
      [{ kind: 'seller', rule: 'groupParentSeller' }],
    ],
    ['seller-support rule without configured rules', { sellerSupport: 'invoicing' }, { sellerId: 1 }, []],
    ['custom website without a website', { isCustomWebsiteItem: 'app' }, website, [{ kind: 'websiteNotConfigured', website: 'app' }]],
    [
      'custom website replaced by the website editor',
      { isCustomWebsiteItem: 'web' },
      { ...website, permissions: [requirementString(WEBSITE_EDITOR_READ)], flags: { [WEBSITE_EDITOR]: true } },
      [{ kind: 'websiteEditor' }],
    ],
  ])('%s', (_, options, input, expected) => {
    expect(reasonsOf(page(options), input)).toEqual(expected);
  });
});

describe('explain: combinations', () => {
  it('lists every failing gate, in the spec order', () => {
    const route = page({ adminOnly: true, flagKey: FLAG, permissions: [perm('a:b:read')], requireSiteId: true });
    expect(reasonsOf(route, { isOfflineMode: true, hasSite: false }).map((reason) => reason.kind)).toEqual(['adminDomain', 'offline', 'flagOff', 'permission', 'site']);
  });

  it("applies the groups' gates, and names a shared gate once", () => {
    const group: RouteItem = { path: '/g', title: 'G', permissions: [prefix('g')], adminOnly: true, children: [] };
    const child = page({ path: '/g/x', adminOnly: true, permissions: [perm('g:x:read')] });
    expect(reasonsOf(child, {}, [group])).toEqual([
      { kind: 'adminDomain' },
      { kind: 'permission', anyOf: ['g'], rule: 'prefix' },
      { kind: 'permission', anyOf: ['g:x:read'], rule: 'exact' },
    ]);
    expect(reasonsOf(child, { isAdminDomain: true, permissions: ['g:x:read'] }, [group])).toEqual([]);
  });

  it('offline, a group follows its children', () => {
    const group: RouteItem = { path: '/g', title: 'G', children: [] };
    expect(reasonsOf(page({ supportOfflineMode: true }), { isOfflineMode: true }, [group])).toEqual([]);
  });

  it('missing permissions and 403/404 classes', () => {
    const explanation = explain(page({ permissions: [perm('a:b:read')], adminOnly: true }), gatingContext());
    expect(missingPermissions(explanation)).toEqual(['a:b:read']);
    expect(explanation.allowed ? [] : explanation.reasons.map(hidesRoute)).toEqual([true, false]);
    expect(hidesRoute({ kind: 'seller', rule: 'invoicing' })).toBe(false);
    expect(hidesRoute({ kind: 'seller', rule: 'comboPromotion' })).toBe(true);
  });
});

describe('property over the whole catalogue: allowed ⇔ in the menu and opens', () => {
  const ancestors = ancestorsIndex(CATALOGUE);
  const known = [...new Set(flattenCatalogue().flatMap((item) => item.permissions?.map(requirementString) ?? []))];
  const wildcards = [...new Set(known.map((key) => `${key.split(':')[0]}:all:all`))];
  const input = fc.record({
    permissions: fc.array(fc.constantFrom(...known, ...wildcards), { maxLength: 120 }),
    roles: fc.array(fc.constantFrom('legacy-staff-management', 'qr-game-admin', 'pos-cashier', 'cashier'), { maxLength: 2 }),
    flags: fc.dictionary(fc.constantFrom(...FLAG_KEYS), fc.boolean()),
    isOfflineMode: fc.boolean(),
    isAdminDomain: fc.boolean(),
    environment: fc.constantFrom(...ENVIRONMENTS),
    sellerId: fc.option(fc.constantFrom(1, 2, 18), { nil: null }),
    comboPromotionSellerIds: fc.subarray([1, 18]),
    websiteIds: fc.record({ web: fc.option(fc.constant('w-1'), { nil: null }), app: fc.option(fc.constant('a-1'), { nil: null }) }),
    hasSite: fc.boolean(),
    sellerSupport: fc.option(fc.constant({ invoicingSellerIds: [18], groupParentSellerId: 18 }), { nil: null }),
  });
  // A path that names the route: params become a value no literal segment uses.
  const pathOf = (route: RouteItem) => route.path.replace(/:\w+/g, 'p-1');

  it('holds for every route and every context', () => {
    fc.assert(
      fc.property(input, (generated) => {
        const context = gatingContext(generated);
        const menu = deriveMenu(CATALOGUE, context);
        const inMenu = new Set(menu.flatMap(({ item, children }) => (children.length > 0 ? children : [item])));
        const resolver = createRouteResolver(CATALOGUE, ALL_ROUTES, context);
        for (const route of ALL_ROUTES) {
          const allowed = explain(route, context, ancestors.get(route)).allowed;
          if (!route.hideInMenu && inMenu.has(route) !== allowed) return false;
          const resolution = resolver.resolve(pathOf(route));
          const opens = resolution.kind === 'route' && resolution.route === route;
          if (opens !== allowed) return false;
          // A refused route is explained by a reason, never by silence.
          if (!allowed && resolution.kind !== 'route' && resolution.kind !== 'notFound' && resolution.reasons.length === 0) return false;
        }
        return true;
      }),
      { numRuns: 150 },
    );
  });
});
