import { describe, expect, it } from 'vitest';
import type { AppTarget, RouteItem } from '../catalogue/types.ts';
import { buildFrameSrc, buildRedirectUrl, fillPathTemplate, type AddressContext } from './frame-src.ts';

const context: AddressContext = {
  apps: { erp: 'https://erp.example.com/', warehouse: 'https://wms.example.com/app', superset: 'https://bi.example.com' },
  language: 'vi',
  clientId: 'staff-portal',
  oidcDomain: 'id.example.com',
  userId: 'u-42',
  sellerId: 18,
};

describe('path templates', () => {
  it.each([
    ['/orders/marketplace', {}, '/orders/marketplace'],
    ['/orders/seller/:sellerId/:orderId', { sellerId: '2', orderId: 'SO-1' }, '/orders/seller/2/SO-1'],
    ['/prices/:sku', { sku: 'a/b?c#d e' }, '/prices/a%2Fb%3Fc%23d%20e'],
    ['/prices/:sku', { sku: 'Đ' }, '/prices/%C4%90'],
    ['/prices/:sku', {}, null],
    ['/prices/:sku', { sku: '' }, null],
    ['/prices/:sku', { sku: '..' }, null],
    ['/prices/:sku', { sku: '.' }, null],
  ])('%s with %j → %s', (template, params, expected) => {
    expect(fillPathTemplate(template, params)).toBe(expected);
  });
});

describe('frame addresses (routes.md §7)', () => {
  const orders: AppTarget = { app: 'erp', path: '/orders/marketplace/:id' };

  it('joins base address, path params and the current query string', () => {
    expect(buildFrameSrc(orders, { id: '7' }, '?tab=items&page=2', context)).toBe('https://erp.example.com/orders/marketplace/7?tab=items&page=2');
  });

  it('keeps a base path and works without a query', () => {
    expect(buildFrameSrc({ app: 'warehouse', path: '/sites' }, {}, '', context)).toBe('https://wms.example.com/app/sites');
  });

  it('frames the home page at the app root', () => {
    expect(buildFrameSrc({ app: 'erp', path: '/' }, {}, '', context)).toBe('https://erp.example.com/');
  });

  it('picks the asset of the current language', () => {
    const bi: AppTarget = { app: 'superset', path: { vi: '/d/sales-vi/', en: '/d/sales-en/' } };
    expect(buildFrameSrc(bi, {}, '', context)).toBe('https://bi.example.com/d/sales-vi/');
    expect(buildFrameSrc(bi, {}, '', { ...context, language: 'en' })).toBe('https://bi.example.com/d/sales-en/');
  });

  it('gives dashboards standalone=2, the client id and the sign-in domain, which a query cannot override', () => {
    const dashboard: AppTarget = { app: 'superset', path: '/d/1/', dashboardParams: true };
    const src = new URL(buildFrameSrc(dashboard, {}, '?standalone=0&clientId=evil&date=2024', context) ?? '');
    expect(src.searchParams.getAll('standalone')).toEqual(['2']);
    expect(src.searchParams.getAll('clientId')).toEqual(['staff-portal']);
    expect(src.searchParams.get('oauthDomain')).toBe('id.example.com');
    expect(src.searchParams.get('date')).toBe('2024');
  });

  it('is null when the app has no configured address, a param is missing or the base is not http(s)', () => {
    expect(buildFrameSrc({ app: 'loyalty', path: '/x' }, {}, '', context)).toBeNull();
    expect(buildFrameSrc(orders, {}, '', context)).toBeNull();
    expect(buildFrameSrc({ app: 'erp', path: '/x' }, {}, '', { ...context, apps: { erp: 'javascript:alert(1)//' } })).toBeNull();
  });
});

describe('external redirects', () => {
  const route = (options: Partial<RouteItem>): RouteItem => ({
    path: '/products/product-variants',
    title: 'Products.ProductVariants',
    redirectOutside: { app: 'warehouse', path: '/product-variants' },
    ...options,
  });

  it.each([
    ['appends user id and seller id when asked', { needAppendUserId: true, needAppendSellerId: true }, context, 'https://wms.example.com/app/product-variants?userId=u-42&sellerId=18'],
    ['appends only the seller id', { needAppendSellerId: true }, context, 'https://wms.example.com/app/product-variants?sellerId=18'],
    ['appends nothing unless asked', {}, context, 'https://wms.example.com/app/product-variants'],
    ['leaves the seller out when none is chosen', { needAppendSellerId: true }, { ...context, sellerId: null }, 'https://wms.example.com/app/product-variants'],
  ] as const)('%s', (_, options, addressContext, expected) => {
    expect(buildRedirectUrl(route(options), {}, addressContext)).toBe(expected);
  });

  it('is null for a framed route or an unsafe address', () => {
    expect(buildRedirectUrl({ path: '/x', title: 'X', iFrameSrc: { app: 'erp', path: '/x' } }, {}, context)).toBeNull();
    expect(buildRedirectUrl(route({}), {}, { ...context, apps: { warehouse: 'data:text/html,x' } })).toBeNull();
  });
});
