import type { RouteItem } from '../catalogue/types.ts';
import type { MenuEntry } from '../gating/visibility.ts';

/**
 * The menu pages that work offline, for the "needs a connection" card: the user's own menu (already
 * filtered by permission, flags and mode), its offline pages, without the page that just failed. Pure.
 */
export function offlinePages(menu: readonly MenuEntry[], currentPath: string | null): RouteItem[] {
  return menu
    .flatMap((entry) => (entry.children.length > 0 ? entry.children : [entry.item]))
    .filter((item) => item.supportOfflineMode === true && !item.children && item.path !== currentPath);
}
