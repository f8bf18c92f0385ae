import { TABLET_WIDTH } from '../ui/breakpoints.ts';

/** Sidebar layout rules (shell.md §2, §9: sider width 270, tablet width 768). Pure. */

export type SidebarLayout = 'split' | 'drawer';

export function sidebarLayout(viewportWidth: number): SidebarLayout {
  return viewportWidth >= TABLET_WIDTH ? 'split' : 'drawer';
}

/**
 * Whether the sidebar starts collapsed. Below the tablet width it is always collapsed at start
 * (a drawer the toggle opens), because a 270 px column leaves no room on a phone. From the tablet
 * width up it follows the user's last toggle, stored locally; never toggled means expanded.
 */
export function isSidebarCollapsed(viewportWidth: number, storedCollapsed: boolean | undefined): boolean {
  return sidebarLayout(viewportWidth) === 'drawer' ? true : (storedCollapsed ?? false);
}

/** What the header toggle does: flip and store the split layout's state, or open/close the drawer. */
export function sidebarToggle(viewportWidth: number, collapsed: boolean): { store: boolean } | { drawer: true } {
  return sidebarLayout(viewportWidth) === 'split' ? { store: !collapsed } : { drawer: true };
}
