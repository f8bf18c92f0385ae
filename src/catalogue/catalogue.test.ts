import * as ionicons from 'ionicons/icons';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { isAppKey } from '../config/app-keys.ts';
import { ENVIRONMENTS } from '../config/schema.ts';
import { BI_REPORT_APP, requirementString } from '../gating/permissions.ts';
import en from '../i18n/locales/en/routes.json';
import vi from '../i18n/locales/vi/routes.json';
import * as flags from './flags.ts';
import { ALL_ROUTES, CATALOGUE, flattenCatalogue } from './index.ts';
import readme from './README.md?raw';
import { ROUTE_OPTION_NAMES, type AppTarget, type RouteItem } from './types.ts';

const ALL_ITEMS = flattenCatalogue();
const GROUPS = ALL_ITEMS.filter((item) => item.children);
const byPath = (path: string) => ALL_ROUTES.filter((route) => route.path === path);
const one = (path: string) => {
  const [route, ...rest] = byPath(path);
  if (!route || rest.length > 0) throw new Error(`expected exactly one route at ${path}`);
  return route;
};

function lookUp(resources: Record<string, Record<string, string>>, key: string): string | undefined {
  const [module = '', name = ''] = key.split('.');
  return resources[module]?.[name];
}

describe('catalogue shape', () => {
  it('lists every option name of RouteItem, in print order', () => {
    expectTypeOf<Exclude<keyof RouteItem, 'path' | (typeof ROUTE_OPTION_NAMES)[number]>>().toEqualTypeOf<never>();
    const known = new Set<string>(['path', ...ROUTE_OPTION_NAMES]);
    expect(ALL_ITEMS.flatMap((item) => Object.keys(item)).filter((key) => !known.has(key))).toEqual([]);
  });

  it('uses every option somewhere, so routes:json shows each of them', () => {
    const used = new Set(ALL_ITEMS.flatMap((item) => Object.keys(item)));
    expect(ROUTE_OPTION_NAMES.filter((name) => !used.has(name))).toEqual([]);
  });

  it('has a title in both languages for every item and survey text', () => {
    const keys = new Set(ALL_ITEMS.flatMap((item) => [item.title, ...(item.survey ? [item.survey.text] : [])]));
    for (const key of keys) {
      expect(lookUp(vi, key), `vi ${key}`).toMatch(/\S/);
      expect(lookUp(en, key), `en ${key}`).toMatch(/\S/);
    }
  });

  it('has the same title keys in both languages, none unused', () => {
    const keysOf = (resources: Record<string, Record<string, string>>) =>
      Object.entries(resources).flatMap(([module, names]) => Object.keys(names).map((name) => `${module}.${name}`)).sort();
    const used = [...new Set(ALL_ITEMS.flatMap((item) => [item.title, ...(item.survey ? [item.survey.text] : [])]))].sort();
    expect(keysOf(vi)).toEqual(keysOf(en));
    expect(keysOf(vi)).toEqual(used);
  });

  it('gives every route a valid frame app, a redirect, a shell page or a portal redirect', () => {
    const validTarget = (target: AppTarget) =>
      isAppKey(target.app) && (typeof target.path === 'string' ? [target.path] : Object.values(target.path)).every((p) => p.startsWith('/'));
    for (const route of ALL_ROUTES) {
      const ways = [route.iFrameSrc, route.redirectOutside, route.shellPage, route.redirectTo].filter((way) => way !== undefined);
      expect(ways, route.path).toHaveLength(1);
      if (route.iFrameSrc) expect(validTarget(route.iFrameSrc), route.path).toBe(true);
      if (route.redirectOutside) expect(validTarget(route.redirectOutside), route.path).toBe(true);
      if (route.redirectTo) expect(byPath(route.redirectTo), route.path).not.toHaveLength(0);
    }
  });

  it('fills every frame param from the route path', () => {
    for (const route of ALL_ROUTES) {
      const target = route.iFrameSrc ?? route.redirectOutside;
      if (!target) continue;
      const params = new Set(route.path.split('/').filter((s) => s.startsWith(':')));
      const templates = typeof target.path === 'string' ? [target.path] : Object.values(target.path);
      for (const template of templates) {
        expect(template.split('/').filter((s) => s.startsWith(':') && !params.has(s)), route.path).toEqual([]);
      }
    }
  });

  it('has well-formed paths, unique unless the variants can never show together', () => {
    for (const item of ALL_ITEMS) expect(item.path, item.path).toMatch(/^\/([\w-]+|:[a-zA-Z]+)?(\/([\w-]+|:[a-zA-Z]+))*$/);
    // Two entries may share a path only when one flag or the environment picks exactly one of them.
    const exclusive = (a: RouteItem, b: RouteItem) =>
      (a.flagKey !== undefined && a.flagKey === b.hideWhenEnabledFlagKey) ||
      (b.flagKey !== undefined && b.flagKey === a.hideWhenEnabledFlagKey) ||
      (a.environments !== undefined && b.environments !== undefined && !a.environments.some((e) => b.environments?.includes(e)));
    for (const path of new Set(ALL_ITEMS.map((item) => item.path))) {
      const same = ALL_ITEMS.filter((item) => item.path === path);
      for (const [i, a] of same.entries()) for (const b of same.slice(i + 1)) expect(exclusive(a, b), path).toBe(true);
    }
  });

  it('keeps the menu to two levels with icons on top-level items', () => {
    for (const group of GROUPS) for (const child of group.children ?? []) expect(child.children, child.path).toBeUndefined();
    for (const item of CATALOGUE.filter((entry) => !entry.hideInMenu)) expect(item.icon, item.path).toBeDefined();
  });

  it('uses ionicons names that exist', () => {
    const exported = new Set(Object.keys(ionicons));
    for (const item of ALL_ITEMS.filter((entry) => entry.icon)) {
      const name = item.icon?.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
      expect(exported.has(name ?? ''), `${item.path}: ${item.icon}`).toBe(true);
    }
  });

  it('gives exact requirements all three parts, and groups a prefix every child requirement shares', () => {
    for (const item of ALL_ITEMS.filter((entry) => !entry.children && !entry.usePermissionPrefix)) {
      for (const requirement of item.permissions ?? []) {
        expect([requirement.app, requirement.resource, requirement.action].every(Boolean), item.path).toBe(true);
      }
    }
    for (const group of GROUPS) {
      for (const required of group.permissions ?? []) {
        const shared = requirementString(required);
        for (const child of group.children ?? []) {
          expect(child.permissions?.every((r) => requirementString(r).startsWith(shared)), child.path).toBe(true);
        }
      }
    }
  });

  it('names each BI item by the report id its requirement ends in', () => {
    for (const route of ALL_ROUTES.filter((r) => r.permissions?.some((p) => p.app.startsWith(BI_REPORT_APP)))) {
      const id = route.path.split('/').pop();
      expect(route.permissions?.map((p) => p.action?.split(':').pop()), route.path).toEqual([id]);
    }
  });

  it('lists every flag key once, in kebab case, each used by a route or the shell', () => {
    const { FLAG_KEYS, ...named } = flags;
    expect(new Set(FLAG_KEYS).size).toBe(FLAG_KEYS.length);
    expect([...FLAG_KEYS].sort()).toEqual(Object.values(named).sort());
    for (const key of FLAG_KEYS) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const routeFlags = new Set(
      ALL_ROUTES.flatMap((r) => [r.flagKey, r.hideWhenEnabledFlagKey, r.hideSiteSwitchWhenEnabledFlagKey, r.isNotUseMobileViewWhenEnabledFlagKey]),
    );
    const shellFlags = [flags.HIDE_CONTACT_SUPPORT, flags.SHOW_SURVEY, flags.ENABLE_EPIC_OMNI_1318];
    expect(FLAG_KEYS.filter((key) => !routeFlags.has(key) && !shellFlags.includes(key as never))).toEqual([]);
    expect(ALL_ROUTES.some((r) => r.hidePlatformSwitchByEpic)).toBe(true);
  });

  it('limits environments to configured ones', () => {
    for (const route of ALL_ROUTES) for (const e of route.environments ?? []) expect(ENVIRONMENTS, route.path).toContain(e);
  });
});

describe('the spec’s gating, route by route', () => {
  it.each<[string, Partial<RouteItem>]>([
    ['/', { supportOfflineMode: true, title: 'Shell.TodoList' }],
    ['/customer-management', { permissions: [{ app: 'sellers', resource: 'dealer', action: 'READ_UI' }] }],
    ['/staff-management', { usePermissionPrefix: true }],
    ['/menu-tracking', { redirectTo: '/menu-directory' }],
    ['/menu-directory', { redirectTo: '/internal/menu-directory' }],
    ['/system-catalog/attribute-sets', { hideWhenEnabledFlagKey: flags.ATTRIBUTE_SET_MANAGEMENT }],
    ['/system-catalog/attributes', { hideWhenEnabledFlagKey: flags.ATTRIBUTE_SET_MANAGEMENT }],
    ['/products/attribute-sets', { flagKey: flags.ATTRIBUTE_SET_MANAGEMENT }],
    ['/order-health', { hideSellerSwitch: true }],
    ['/internal/config-upgrade-time', { adminOnly: true, permissions: [{ app: 'staff-bff', resource: 'website-config', action: 'update' }] }],
    ['/system-admin/sql-lookup', { adminOnly: true }],
    ['/orders/marketplace/:id', { hideInMenu: true, hidePlatformSwitch: true, hideSellerSwitch: true }],
    ['/orders/seller/:sellerId/:orderId', { hideInMenu: true, hidePlatformSwitch: true, hideSellerSwitch: true }],
    ['/products/product-variants', { needAppendUserId: true, needAppendSellerId: true }],
    ['/promotions/combo-promotions', { sellerAllowList: 'comboPromotion', flagKey: flags.COMBO_PROMOTION }],
    ['/page-builder/custom-website', { isCustomWebsiteItem: 'web', flagKey: flags.CUSTOM_INTERFACE }],
    ['/page-builder/custom-app', { isCustomWebsiteItem: 'app', flagKey: flags.CUSTOM_INTERFACE }],
    ['/page-builder/website-editors', { flagKey: flags.WEBSITE_EDITOR }],
    ['/purchasing/demand-planning', { flagKey: flags.DEMAND_PLANNING }],
    ['/purchasing/stock-transfer-tracking', { flagKey: flags.STOCK_TRANSFER_TRACKING }],
    ['/purchasing/stock-imbalance-alerts', { flagKey: flags.STOCK_IMBALANCE_ALERTS }],
    ['/purchasing/manufacture-management', { flagKey: flags.MANUFACTURE_MANAGEMENT }],
    ['/purchasing/export-history/purchase_order', { hideSellerSwitch: true, hideBackButton: true, shellPage: 'exportHistory' }],
    ['/cashier/payoo', { hideSellerSwitch: true }],
    ['/cashier/finance/payment-receipt-list', { flagKey: flags.REFACTORED_FINANCE_POS }],
    ['/cashier/finance/end-shift-history', { isModalItem: true }],
    ['/invoice/service-invoices/create', { sellerSupport: 'invoicing' }],
    ['/warehousing/import/quality-control/inbound', { isUseMobileView: true, requireSiteId: true }],
    ['/warehousing/internal-stock-movement', { isUseMobileView: true, requireSiteId: true }],
    ['/warehousing/export/packing', { hideWhenEnabledFlagKey: flags.EXPORT_REQUEST_HANDLING }],
    ['/warehousing/export/export-requests-handling', { flagKey: flags.EXPORT_REQUEST_HANDLING }],
    ['/warehousing/export/picking-process', { flagKey: flags.PICKING_PROCESS, isUseMobileView: true }],
    ['/logistics/route-management', { flagKey: flags.ROUTE_MANAGEMENT }],
    ['/logistics/delivery-report', { flagKey: flags.DELIVERY_REPORT }],
    ['/dpos/create-order', { supportOfflineMode: true, browserPermissions: ['notifications'] }],
    ['/dpos/order-result', { supportOfflineMode: true }],
    ['/reports/accounting/end-of-shift', { flagKey: flags.END_OF_SHIFT_REPORT }],
    ['/reports/accounting/cash-balance', { flagKey: flags.CASH_BALANCE_REPORT }],
    ['/reports/accounting/sale-order-invoice-report', { flagKey: flags.MISA_REPORTS }],
    ['/reports/business/sellout-report', { sellerSupport: 'groupParentSeller' }],
    ['/reports/export-history/om_export_revenue_report', { hideSellerSwitch: true }],
    ['/reports/v2/moit', { environments: ['production'] }],
    ['/reports/v2/po-pm', { environments: ['production'] }],
    ['/loyalty/report-manager/general-report', { environments: ['staging', 'production'], flagKey: flags.LOYALTY_GENERAL_REPORT }],
    ['/loyalty/member-manager/member', { hideSellerSwitch: true, hidePlatformSwitch: true }],
    ['/entities/platforms-tic41', { flagKey: flags.EPIC_TIC_41 }],
    ['/seo-management/redirection', { flagKey: flags.SEO_REDIRECTION }],
  ])('%s', (path, expected) => {
    expect(one(path)).toMatchObject(expected);
  });

  it.each([
    ['/products/inventory-tracking', flags.MANUAL_INVENTORY_V2],
    ['/settings/marketplace-connector', flags.MARKETPLACE_CONNECTOR_V2],
    ['/warehousing/stock-count/serial-tracking', flags.SERIAL_TRACKING_V2],
    ['/reports/warehouse/warehouse-transaction', flags.WAREHOUSE_TRANSACTION_REPORT_V2],
  ])('%s has one variant per state of %s', (path, flag) => {
    const variants = byPath(path);
    expect(variants).toHaveLength(2);
    expect(variants.filter((v) => v.flagKey === flag && !v.hideWhenEnabledFlagKey)).toHaveLength(1);
    expect(variants.filter((v) => v.hideWhenEnabledFlagKey === flag && !v.flagKey)).toHaveLength(1);
  });

  it('generates nine BI kinds with separate vi and en assets, and the reports v2 dashboards', () => {
    const bi = ALL_ROUTES.filter((r) => r.path.startsWith('/reports/bi/'));
    expect(bi).toHaveLength(9);
    for (const route of bi) {
      const path = route.iFrameSrc?.path;
      expect(typeof path === 'object' && path.vi !== path.en, route.path).toBe(true);
    }
    expect(new Set(ALL_ROUTES.filter((r) => r.path.startsWith('/reports/v2/')).map((r) => r.path)).size).toBe(9);
  });
});

describe('README permission list', () => {
  it('matches the catalogue', () => {
    const kind = (item: RouteItem, app: string) =>
      item.children ? ' (prefix)' : item.usePermissionPrefix ? ' (prefix, roles too)' : app.startsWith(BI_REPORT_APP) ? ' (BI)' : '';
    const listed = [
      ...new Set(ALL_ITEMS.flatMap((item) => (item.permissions ?? []).map((r) => `${requirementString(r)}${kind(item, r.app)}`))),
    ].sort();
    const block = /<!-- permissions:start -->\n```text\n([\s\S]*?)```\n<!-- permissions:end -->/.exec(readme)?.[1];
    expect(block?.trimEnd().split('\n'), 'regenerate the block in src/catalogue/README.md from this list').toEqual(listed);
  });
});
