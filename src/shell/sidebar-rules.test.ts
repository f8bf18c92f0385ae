import { describe, expect, it } from 'vitest';
import { isSidebarCollapsed, sidebarLayout, sidebarToggle } from './sidebar-rules.ts';

describe('sidebar collapse rules', () => {
  it.each([
    { width: 360, stored: undefined, layout: 'drawer', collapsed: true },
    { width: 767, stored: false, layout: 'drawer', collapsed: true },
    { width: 768, stored: undefined, layout: 'split', collapsed: false },
    { width: 1280, stored: undefined, layout: 'split', collapsed: false },
    { width: 1280, stored: true, layout: 'split', collapsed: true },
    { width: 1024, stored: false, layout: 'split', collapsed: false },
  ])('at $width px with stored $stored: $layout, collapsed $collapsed', ({ width, stored, layout, collapsed }) => {
    expect(sidebarLayout(width)).toBe(layout);
    expect(isSidebarCollapsed(width, stored)).toBe(collapsed);
  });

  it('toggling in the split layout flips and stores the state', () => {
    expect(sidebarToggle(1280, false)).toEqual({ store: true });
    expect(sidebarToggle(1280, true)).toEqual({ store: false });
  });

  it('toggling below the tablet width opens the drawer without storing', () => {
    expect(sidebarToggle(360, true)).toEqual({ drawer: true });
  });
});
