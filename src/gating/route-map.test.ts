import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../catalogue/index.ts';
import { compileRouteMap } from './route-map.ts';

const map = compileRouteMap(ALL_ROUTES);
const patterns = new Set(ALL_ROUTES.map((route) => route.path));

describe('route mapping (shell.md §2 message-based route sync, §5)', () => {
  it.each([
    ['/', '/', {}],
    ['/orders/marketplace', '/orders/marketplace', {}],
    ['/orders/marketplace/', '/orders/marketplace', {}],
    ['/orders/marketplace?tab=1#top', '/orders/marketplace', {}],
    ['/orders/marketplace/search', '/orders/marketplace/search', {}],
    ['/orders/marketplace/123', '/orders/marketplace/:id', { id: '123' }],
    ['/orders/seller/2/SO-9', '/orders/seller/:sellerId/:orderId', { sellerId: '2', orderId: 'SO-9' }],
    ['/products/prices/SKU%2F1', '/products/prices/:sku', { sku: 'SKU/1' }],
    ['/products/products/55/price', '/products/products/:id/price', { id: '55' }],
    ['/purchasing/export-history/stock_request', '/purchasing/export-history/stock_request', {}],
    ['/purchasing/export-history/anything_else', '/purchasing/export-history/:exportType', { exportType: 'anything_else' }],
    ['/tickets/77/process', '/tickets/:id/process', { id: '77' }],
    ['/reports/bi/sales', '/reports/bi/sales', {}],
  ])('%s → %s %j', (path, pattern, params) => {
    expect(map.match(path)).toEqual({ route: expect.objectContaining({ path: pattern }), params });
  });

  it.each([
    'orders/marketplace',
    '',
    'https://erp.example.com/orders/marketplace',
    '/orders',
    '/orders/unknown',
    '/orders/marketplace/1/2',
    '/orders//marketplace',
    '/orders/marketplace/..',
    '/orders/marketplace/%2e%2e',
    '/orders/marketplace/%E0%A4%A',
    '/ORDERS/MARKETPLACE',
    '/tickets/process',
  ])('%j maps to nothing', (path) => {
    expect(map.match(path)).toBeNull();
  });

  it('never maps an unknown path', () => {
    const segment = fc.oneof(
      fc.constantFrom(...new Set([...patterns].flatMap((p) => p.split('/')).filter((s) => s !== '' && !s.startsWith(':')))),
      fc.string({ maxLength: 6 }),
      fc.constantFrom('', '.', '..', '%2e', '%zz'),
    );
    const path = fc.array(segment, { maxLength: 6 }).map((segments) => `/${segments.join('/')}`);
    fc.assert(
      fc.property(path, (candidate) => {
        const found = map.match(candidate);
        if (!found) return true;
        // A match must be a catalogue pattern that, filled with the params found, gives back the path.
        const rebuilt = found.route.path
          .split('/')
          .map((s) => (s.startsWith(':') ? (found.params[s.slice(1)] as string) : s))
          .join('/');
        const bare = candidate.split(/[?#]/)[0] as string;
        const normalised = bare.length > 1 ? bare.replace(/\/$/, '') : bare;
        return patterns.has(found.route.path) && rebuilt === normalised.split('/').map((s) => decodeURIComponent(s)).join('/');
      }),
      { numRuns: 3000 },
    );
  });

  it('maps every catalogue pattern, filled in, back to itself', () => {
    for (const route of ALL_ROUTES) {
      const path = route.path.replace(/:[^/]+/g, 'v1');
      expect(map.match(path)?.route.path, path).toBe(route.path);
    }
  });
});
