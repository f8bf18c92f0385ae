import { describe, expect, it } from 'vitest';
import type { CatalogueRoute } from './luigi/build.ts';
import { appPaths, planMoves } from './moves.ts';

const route = (path: string, app: string, appPath = path): CatalogueRoute => ({ path, title: path, iFrameSrc: { app, path: appPath } });
const catalogue = [
  route('/', 'erp'),
  route('/orders/seller', 'erp'),
  route('/cashier/receipt', 'finance'),
  route('/cashier/refund', 'finance'),
  route('/promotions/campaigns', 'promotion', '/campaigns?tab=all'),
  route('/customers', 'crm'),
  route('/customer-management', 'crm'),
  route('/products/products', 'sellerCenterV2'),
];

describe('planMoves', () => {
  it('takes the first app with two menu routes (not the landing page’s, not one left out) and the next app for the warm one', () => {
    const menu = ['/orders/seller', '/cashier/receipt', '/cashier/refund', '/promotions/campaigns', '/customers', '/customer-management', '/products/products'];
    expect(planMoves(menu, catalogue, new Set(['finance']))).toEqual({ cold: '/customers', sameApp: '/customer-management', warm: '/promotions/campaigns' });
  });

  it('leaves out a path of two flag-gated variants (either app may show it)', () => {
    const twins = [...catalogue, route('/customers', 'segment')];
    expect(planMoves(['/customers', '/customer-management', '/cashier/receipt', '/cashier/refund'], twins, new Set())).toEqual({ cold: '/cashier/receipt', sameApp: '/cashier/refund', warm: '/customer-management' });
  });

  it('says so when the menu has no such pair', () => {
    expect(() => planMoves(['/customers', '/products/products'], catalogue, new Set())).toThrow(/no app with two frame routes/);
  });
});

describe('appPaths', () => {
  it('maps a portal path to the paths its app’s page shows (no query), one per flag-gated variant', () => {
    expect(appPaths(catalogue).get('/promotions/campaigns')).toEqual(['/campaigns']);
    expect(appPaths([...catalogue, route('/customers', 'crm', '/v2/customers')]).get('/customers')).toEqual(['/customers', '/v2/customers']);
  });
});
