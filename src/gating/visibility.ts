import { WEBSITE_EDITOR } from '../catalogue/flags.ts';
import { WEBSITE_EDITOR_READ } from '../catalogue/page-builder.ts';
import type { RouteItem } from '../catalogue/types.ts';
import type { GatingContext } from './context.ts';
import { meetsRequirement, permitsItem } from './permissions.ts';

/**
 * Which routes exist for the user and what the menu shows (shell.md §5, routes.md §5): an item
 * passes when every rule below does; a group shows only if one of its children shows.
 */

const isOn = (flags: GatingContext['flags'], key: string | undefined) => key !== undefined && flags[key] === true;

/** `flagKey` must be on, `hideWhenEnabledFlagKey` off. */
function passesFlags(item: RouteItem, { flags }: GatingContext): boolean {
  return (item.flagKey === undefined || isOn(flags, item.flagKey)) && !isOn(flags, item.hideWhenEnabledFlagKey);
}

/** Offline, only routes that support it; a group follows its children. */
function passesOffline(item: RouteItem, { isOfflineMode }: GatingContext): boolean {
  return !isOfflineMode || item.supportOfflineMode === true || item.children !== undefined;
}

function passesAdminDomain(item: RouteItem, { isAdminDomain }: GatingContext): boolean {
  return item.adminOnly !== true || isAdminDomain;
}

function passesEnvironment(item: RouteItem, { environment }: GatingContext): boolean {
  return item.environments === undefined || item.environments.includes(environment);
}

function passesSellerAllowList(item: RouteItem, { sellerId, comboPromotionSellerIds }: GatingContext): boolean {
  return item.sellerAllowList === undefined || (sellerId !== null && comboPromotionSellerIds.has(sellerId));
}

/**
 * Custom website / app editors need the configured website (or app) id, and give way to the
 * website editor once the user can read it and its flag is on.
 */
function passesCustomWebsite(item: RouteItem, { websiteIds, grants, flags }: GatingContext): boolean {
  if (item.isCustomWebsiteItem === undefined) return true;
  if (websiteIds[item.isCustomWebsiteItem] === null) return false;
  return !meetsRequirement(grants, WEBSITE_EDITOR_READ) || !isOn(flags, WEBSITE_EDITOR);
}

/** The item's own gates, children aside. */
export function isItemAllowed(item: RouteItem, context: GatingContext): boolean {
  return (
    passesAdminDomain(item, context) &&
    passesEnvironment(item, context) &&
    passesOffline(item, context) &&
    passesFlags(item, context) &&
    passesSellerAllowList(item, context) &&
    passesCustomWebsite(item, context) &&
    permitsItem(context.grants, item)
  );
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
  return catalogue.flatMap((item) => {
    if (!isItemAllowed(item, context)) return [];
    return item.children ? allowedRoutes(item.children, context) : [item];
  });
}
