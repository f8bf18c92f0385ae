import { ellipseOutline } from 'ionicons/icons';
import { describe, expect, it } from 'vitest';
import { flattenCatalogue } from '../catalogue/index.ts';
import { iconDrawing } from '../ui/icon-drawing.ts';
import { FALLBACK_MENU_ICON, menuIcon } from './menu-icons.ts';

describe('menuIcon', () => {
  it('has an icon for every icon name the catalogue uses', () => {
    const names = new Set(flattenCatalogue().flatMap((item) => (item.icon ? [item.icon] : [])));
    for (const name of names) expect(menuIcon(name), name).not.toBe(FALLBACK_MENU_ICON);
  });

  it('falls back to a neutral icon, the same drawing as ionicons’ own', () => {
    expect(menuIcon(undefined)).toBe(FALLBACK_MENU_ICON);
    expect(menuIcon('no-such-icon')).toBe(FALLBACK_MENU_ICON);
    const shape = (icon: string) => iconDrawing(icon)?.shapes.map(({ tag, attributes }) => [tag, attributes.d ?? `${attributes.cx} ${attributes.cy} ${attributes.r}`]);
    expect(shape(FALLBACK_MENU_ICON)).toEqual(shape(ellipseOutline));
  });
});
