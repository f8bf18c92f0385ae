import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../catalogue/index.ts';
import type { RouteItem } from '../catalogue/types.ts';
import vi from '../i18n/locales/vi/routes.json';
import { createMenuSearch, foldForSearch } from './search.ts';
import { gatingContext } from './test-support.ts';
import { deriveMenu, type MenuEntry } from './visibility.ts';

const titles: Record<string, Record<string, string>> = vi;
const resolveVi = (key: string) => {
  const [module = '', name = ''] = key.split('.');
  return titles[module]?.[name] ?? key;
};

describe('accent folding', () => {
  it.each([
    ['Đơn hàng', 'don hang'],
    ['ĐƠN HÀNG', 'don hang'],
    ['đơn hàng', 'don hang'],
    ['Quản lý  kho\tvận ', 'quan ly kho van'],
    ['Kiểm kê định kỳ', 'kiem ke dinh ky'],
    ['Thương hiệu', 'thuong hieu'],
    ['Ánh xạ danh mục', 'anh xa danh muc'],
    ['Marketplace orders', 'marketplace orders'],
  ])('%s → %s', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => foldForSearch(foldForSearch(text)) === foldForSearch(text)));
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => foldForSearch(foldForSearch(text)) === foldForSearch(text)));
  });
});

describe('menu search', () => {
  const page = (path: string, title: string): RouteItem => ({ path, title });
  const menu: MenuEntry[] = [
    { item: { path: '/', title: 'Trang chủ' }, children: [] },
    {
      item: { path: '/orders', title: 'Đơn hàng', children: [] },
      children: [page('/orders/marketplace', 'Đơn hàng sàn'), page('/orders/return-requests', 'Yêu cầu đổi trả')],
    },
  ];
  const search = createMenuSearch(menu, (key) => key);

  it.each([
    ['don hang', ['/orders/marketplace']],
    ['ĐƠN', ['/orders/marketplace']],
    ['doi tra', ['/orders/return-requests']],
    ['trang', ['/']],
    ['  SÀN ', ['/orders/marketplace']],
    ['kho', []],
    ['', ['/', '/orders/marketplace', '/orders/return-requests']],
  ])('%j finds %j', (query, paths) => {
    expect(search(query).map((hit) => hit.item.path)).toEqual(paths);
  });

  it('reports the group a page sits in', () => {
    expect(search('san')).toEqual([{ item: menu[1]?.children[0], title: 'Đơn hàng sàn', groupTitle: 'Đơn hàng' }]);
  });

  it("finds 'Đơn hàng' by 'don hang' however the query is cased and spaced", () => {
    const target = createMenuSearch([{ item: page('/o', 'Đơn hàng'), children: [] }], (key) => key);
    const variants = fc
      .tuple(fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }), fc.constantFrom(' ', '  ', '\t'))
      .map(([upper, gap]) => [...'donhang'].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('').replace(/^(...)/, `$1${gap}`));
    fc.assert(fc.property(variants, (query) => target(query).length === 1));
  });

  it('searches the visible catalogue in Vietnamese', () => {
    const visible = deriveMenu(CATALOGUE, gatingContext({ permissions: ['order:all:all'] }));
    const hits = createMenuSearch(visible, resolveVi)('don hang san');
    expect(hits.map((hit) => hit.item.path)).toEqual(['/orders/marketplace']);
  });
});
