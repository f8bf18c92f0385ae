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
    const resolution = admin.resolve('/orders/seller/12/345', true);
    expect(resolution).toMatchObject({ kind: 'route', params: { sellerId: '12', orderId: '345' } });
  });

  it('the home page is open to everyone', () => {
    expect(kind(nobody.resolve('/', false))).toBe('route');
  });

  it('403 for a route that exists but is not permitted, 404 for an unknown path', () => {
    expect(kind(nobody.resolve('/orders/seller', true))).toBe('forbidden');
    expect(kind(nobody.resolve('/no/such/page', true))).toBe('notFound');
  });

  it('routes needing a site id say so when the account has none', () => {
    const siteRoute = ALL_ROUTES.find((route) => route.requireSiteId) as RouteItem;
    expect(kind(admin.resolve(siteRoute.path.replace(/:\w+/g, '1'), false))).toBe('noSite');
    expect(kind(admin.resolve(siteRoute.path.replace(/:\w+/g, '1'), true))).toBe('route');
  });

  it('maps a path an embedded app reports to the portal route framing it', () => {
    expect(admin.portalPathFor('sellerCenter', '/dealers')).toBe('/customer-management');
    expect(admin.portalPathFor('erp', '/orders/seller?tab=new')).toBe('/orders/seller?tab=new');
    expect(admin.portalPathFor('erp', '/not/a/route')).toBeNull();
    expect(admin.portalPathFor(null, '/dealers')).toBeNull();
  });
});
