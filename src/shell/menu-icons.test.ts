import { ellipseOutline } from 'ionicons/icons';
import { describe, expect, it } from 'vitest';
import { flattenCatalogue } from '../catalogue/index.ts';
import { menuIcon } from './menu-icons.ts';

describe('menuIcon', () => {
  it('has an icon for every icon name the catalogue uses', () => {
    const names = new Set(flattenCatalogue().flatMap((item) => (item.icon ? [item.icon] : [])));
    for (const name of names) expect(menuIcon(name), name).not.toBe(ellipseOutline);
  });

  it('falls back to a neutral icon', () => {
    expect(menuIcon(undefined)).toBe(ellipseOutline);
    expect(menuIcon('no-such-icon')).toBe(ellipseOutline);
  });
});
