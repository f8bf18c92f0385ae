import { describe, expect, it } from 'vitest';
import type { RouteItem } from '../catalogue/types.ts';
import type { MenuEntry } from '../gating/visibility.ts';
import { offlinePages } from './offline-pages.ts';

const item = (path: string, extra: Partial<RouteItem> = {}) => ({ path, title: path, ...extra }) as RouteItem;
const home = item('/', { supportOfflineMode: true });
const createOrder = item('/dpos/create-order', { supportOfflineMode: true });
const receipt = item('/cashier/receipt');
const menu: MenuEntry[] = [
  { item: home, children: [] },
  { item: item('/cashier'), children: [receipt] },
  { item: item('/dpos'), children: [createOrder] },
];

describe('offlinePages', () => {
  it.each([
    ['/cashier/receipt', ['/', '/dpos/create-order']],
    ['/', ['/dpos/create-order']],
    [null, ['/', '/dpos/create-order']],
  ])('on %s lists %j', (current, expected) => {
    expect(offlinePages(menu, current).map((page) => page.path)).toEqual(expected);
  });

  it('lists nothing when the menu has no offline page', () => {
    expect(offlinePages([{ item: item('/cashier'), children: [receipt] }], '/')).toEqual([]);
  });
});
