import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../catalogue/index.ts';
import { breadcrumbFor } from './breadcrumb.ts';

describe('breadcrumbFor', () => {
  it('lists the group, then the route', () => {
    const route = ALL_ROUTES.find((item) => item.path === '/orders/seller')!;
    expect(breadcrumbFor(route).map((item) => item.path)).toEqual(['/orders', '/orders/seller']);
  });

  it('a top-level page is alone', () => {
    const route = ALL_ROUTES.find((item) => item.path === '/customer-management')!;
    expect(breadcrumbFor(route).map((item) => item.path)).toEqual(['/customer-management']);
  });
});
