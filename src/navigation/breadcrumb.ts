import { CATALOGUE } from '../catalogue/index.ts';
import type { RouteItem } from '../catalogue/types.ts';

/** Each route's chain of menu groups, from the catalogue tree (computed once). */
const parents = new Map<RouteItem, readonly RouteItem[]>();
(function index(items: readonly RouteItem[], chain: readonly RouteItem[]) {
  for (const item of items) {
    if (item.children) index(item.children, [...chain, item]);
    else parents.set(item, chain);
  }
})(CATALOGUE, []);

/** The breadcrumb of a route: its groups, then itself (shell.md §2 "Breadcrumb: shows matched routes"). */
export function breadcrumbFor(route: RouteItem): readonly RouteItem[] {
  return [...(parents.get(route) ?? []), route];
}
