import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, CATALOGUE } from '../catalogue/index.ts';
import type { RouteItem } from '../catalogue/types.ts';
import { gatingContext } from '../gating/test-support.ts';
import { createRouteResolver } from './resolve-route.ts';

const kind = (resolution: { kind: string }) => resolution.kind;

describe('createRouteResolver over the real catalogue', () => {
  const admin = createRouteResolver(CATALOGUE, ALL_ROUTES, gatingContext({ permissions: ['catalog:all:all', 'sellers:all:all', 'warehouse:all:all', 'order:all:all'] }));
  const nobody = createRouteResolver(CATALOGUE, ALL_ROUTES, gatingContext());

  it('opens a permitted frame route with its params', () => {
    const resolution = admin.resolve('/orders/seller/12/345');
    expect(resolution).toMatchObject({ kind: 'route', params: { sellerId: '12', orderId: '345' } });
  });

  it('the home page is open to everyone', () => {
    expect(kind(nobody.resolve('/'))).toBe('route');
  });

  it('403 for a route that exists but is not permitted, 404 for an unknown path', () => {
    expect(kind(nobody.resolve('/orders/seller'))).toBe('forbidden');
    expect(kind(nobody.resolve('/no/such/page'))).toBe('notFound');
  });

  it('routes needing a site id say so when the account has none', () => {
    const siteRoute = ALL_ROUTES.find((route) => route.requireSiteId) as RouteItem;
    const permissions = ['warehouse:all:all'];
    const withoutSite = createRouteResolver(CATALOGUE, ALL_ROUTES, gatingContext({ permissions, hasSite: false }));
    const withSite = createRouteResolver(CATALOGUE, ALL_ROUTES, gatingContext({ permissions, hasSite: true }));
    expect(withoutSite.resolve(siteRoute.path)).toEqual({ kind: 'noSite', route: siteRoute, reasons: [{ kind: 'site' }] });
    expect(kind(withSite.resolve(siteRoute.path))).toBe('route');
  });

  it('explains a refused or hidden route with the reasons of the menu gate', () => {
    expect(nobody.resolve('/orders/seller')).toMatchObject({ kind: 'forbidden', reasons: [{ kind: 'permission' }] });
    // Admin-only on another host: 404 naming the admin site, even without the permission.
    expect(nobody.resolve('/internal/menu-directory')).toMatchObject({ kind: 'notFound', reasons: [{ kind: 'adminDomain' }, { kind: 'permission' }] });
    const offline = createRouteResolver(CATALOGUE, ALL_ROUTES, gatingContext({ permissions: ['staff-fe:pos-cashier:read'], roles: ['cashier'], isOfflineMode: true }));
    expect(offline.resolve('/cashier/receipt')).toMatchObject({ kind: 'notFound', reasons: [{ kind: 'offline' }] });
  });

  it('explains a flagged path by the variant closest to opening', () => {
    const resolver = createRouteResolver(CATALOGUE, ALL_ROUTES, gatingContext());
    const resolution = resolver.resolve('/products/inventory-tracking');
    // Without flags the v1 variant exists; only its permission is missing (not "flag off").
    expect(resolution).toMatchObject({ kind: 'forbidden', reasons: [{ kind: 'permission' }] });
  });

  it('a seller failing a seller-support rule gets the seller-support modals', () => {
    const sellerSupport = { invoicingSellerIds: [18], groupParentSellerId: 18 };
    const resolver = createRouteResolver(CATALOGUE, ALL_ROUTES, gatingContext({ permissions: ['finance:all:all'], sellerId: 2, sellerSupport }));
    expect(resolver.resolve('/reports/accounting/vat-out-report')).toMatchObject({ kind: 'sellerNotSupported', reasons: [{ kind: 'seller', rule: 'invoicing' }] });
  });

  it('maps a path an embedded app reports to the portal route framing it', () => {
    expect(admin.portalPathFor('sellerCenter', '/dealers')).toBe('/customer-management');
    expect(admin.portalPathFor('erp', '/orders/seller?tab=new')).toBe('/orders/seller?tab=new');
    expect(admin.portalPathFor('erp', '/not/a/route')).toBeNull();
    expect(admin.portalPathFor(null, '/dealers')).toBeNull();
  });
});
