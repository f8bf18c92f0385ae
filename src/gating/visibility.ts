import type { RouteItem } from '../catalogue/types.ts';
import type { GatingContext } from './context.ts';
import { explain } from './explain.ts';

/**
 * Which routes exist for the user and what the menu shows (shell.md §5, routes.md §5): both are
 * `explain` (explain.ts) and nothing else, so the menu, the route map and every explanation agree.
 * A group shows only if one of its children shows.
 */

// A context's answers per item: the menu and the route map ask about every item, at the same start.
const answers = new WeakMap<GatingContext, Map<RouteItem, boolean>>();

/** The item's own gates and those of `ancestors` (its groups, outermost first). */
export function isItemAllowed(item: RouteItem, context: GatingContext, ancestors: readonly RouteItem[] = []): boolean {
  if (ancestors.length > 0) return explain(item, context, ancestors).allowed;
  let known = answers.get(context);
  if (!known) answers.set(context, (known = new Map()));
  let allowed = known.get(item);
  if (allowed === undefined) known.set(item, (allowed = explain(item, context).allowed));
  return allowed;
}

/** A top-level menu entry and its visible children (the menu has two levels). */
export interface MenuEntry {
  readonly item: RouteItem;
  readonly children: readonly RouteItem[];
}

export function deriveMenu(catalogue: readonly RouteItem[], context: GatingContext): MenuEntry[] {
  const menu: MenuEntry[] = [];
  for (const item of catalogue) {
    if (item.hideInMenu || !isItemAllowed(item, context)) continue;
    if (!item.children) {
      menu.push({ item, children: [] });
      continue;
    }
    // The group passed just above: its gates would add nothing to its children's explanations.
    const children = item.children.filter((child) => !child.hideInMenu && isItemAllowed(child, context));
    if (children.length > 0) menu.push({ item, children });
  }
  return menu;
}

/**
 * The routes the user may open, menu or not: a leaf counts when it and every group above it pass.
 * Compile the route map from these so a path reaches only a route the user may see, and exactly
 * one of two flag or environment variants of the same path.
 */
export function allowedRoutes(catalogue: readonly RouteItem[], context: GatingContext): RouteItem[] {
  // The walk stops at a closed group, so each item's own gates (with its groups', passed on the way
  // down) decide exactly as `explain` with its ancestors does.
  return catalogue.flatMap((item) => {
    if (!isItemAllowed(item, context)) return [];
    return item.children ? allowedRoutes(item.children, context) : [item];
  });
}
