import { WEBSITE_EDITOR } from '../catalogue/flags.ts';
import { WEBSITE_EDITOR_READ } from '../catalogue/page-builder.ts';
import type { RouteItem, SellerAllowList, SellerSupport } from '../catalogue/types.ts';
import type { Environment } from '../config/schema.ts';
import type { GatingContext } from './context.ts';
import { BI_REPORT_APP, meetsRequirement, permitsItem, requirementString } from './permissions.ts';

/**
 * The one gate (shell.md §5, §6, routes.md §5, §6, §9): for a route and the user's context, either
 * allowed or every reason it is not. The menu, the route map, the 403/404 pages, menu search and
 * the support view all ask this function, so what the portal says can never disagree with what
 * it shows.
 */

/** How a permission requirement is matched (permissions.ts). */
export type PermissionRule = 'exact' | 'prefix' | 'prefixOrRole' | 'biReport';

export type Reason =
  /** None of `anyOf` is held (any one would do). */
  | { readonly kind: 'permission'; readonly anyOf: readonly string[]; readonly rule: PermissionRule }
  /** `flagKey` is off. */
  | { readonly kind: 'flagOff'; readonly flagKey: string }
  /** `hideWhenEnabledFlagKey` is on. */
  | { readonly kind: 'flagOn'; readonly flagKey: string }
  | { readonly kind: 'adminDomain' }
  | { readonly kind: 'environment'; readonly environments: readonly Environment[] }
  | { readonly kind: 'offline' }
  /** The route needs a site id and the account has no valid one. */
  | { readonly kind: 'site' }
  /** The current seller is not on the allow-list or fails the seller-support rule (routes.md §4). */
  | { readonly kind: 'seller'; readonly rule: SellerAllowList | SellerSupport }
  /** Custom website / app editor without a configured website (app) id. */
  | { readonly kind: 'websiteNotConfigured'; readonly website: 'web' | 'app' }
  /** Custom editor replaced by the website editor (its read permission held, its flag on). */
  | { readonly kind: 'websiteEditor' };

export type ReasonKind = Reason['kind'];

export type Explanation = { readonly allowed: true } | { readonly allowed: false; readonly reasons: readonly Reason[] };

const ALLOWED: Explanation = { allowed: true };

export const REASON_KINDS = [
  'permission',
  'flagOff',
  'flagOn',
  'adminDomain',
  'environment',
  'offline',
  'site',
  'seller',
  'websiteNotConfigured',
  'websiteEditor',
] as const satisfies readonly ReasonKind[];

const isOn = (flags: GatingContext['flags'], key: string | undefined) => key !== undefined && flags[key] === true;

// Catalogue items are long-lived: their requirement strings are built once, not on every derivation.
const keysByItem = new WeakMap<RouteItem, readonly string[]>();
function permissionKeys(item: RouteItem): readonly string[] {
  let keys = keysByItem.get(item);
  if (!keys) keysByItem.set(item, (keys = (item.permissions ?? []).map(requirementString)));
  return keys;
}

function ruleOf(item: RouteItem): PermissionRule {
  if (item.usePermissionPrefix) return 'prefixOrRole';
  if (item.children) return 'prefix';
  return item.permissions?.some((requirement) => requirement.app.startsWith(BI_REPORT_APP)) ? 'biReport' : 'exact';
}

function sellerSupported(rule: SellerSupport, { sellerId, sellerSupport }: GatingContext): boolean {
  if (!sellerSupport) return true; // no rule configured: the deployment has no such restriction
  if (sellerId === null) return false;
  return rule === 'invoicing' ? sellerSupport.invoicingSellerIds.includes(sellerId) : sellerId === sellerSupport.groupParentSellerId;
}

/** The item's own gates, children and ancestors aside, in the order the spec lists them. */
function ownReasons(item: RouteItem, context: GatingContext, into: Reason[]): void {
  if (item.adminOnly && !context.isAdminDomain) into.push({ kind: 'adminDomain' });
  if (item.environments && !item.environments.includes(context.environment)) into.push({ kind: 'environment', environments: item.environments });
  // Offline, a group follows its children.
  if (context.isOfflineMode && !item.supportOfflineMode && !item.children) into.push({ kind: 'offline' });
  if (item.flagKey !== undefined && !isOn(context.flags, item.flagKey)) into.push({ kind: 'flagOff', flagKey: item.flagKey });
  if (isOn(context.flags, item.hideWhenEnabledFlagKey)) into.push({ kind: 'flagOn', flagKey: item.hideWhenEnabledFlagKey as string });
  if (item.sellerAllowList && (context.sellerId === null || !context.comboPromotionSellerIds.has(context.sellerId))) {
    into.push({ kind: 'seller', rule: item.sellerAllowList });
  }
  if (item.isCustomWebsiteItem !== undefined) {
    if (context.websiteIds[item.isCustomWebsiteItem] === null) into.push({ kind: 'websiteNotConfigured', website: item.isCustomWebsiteItem });
    else if (meetsRequirement(context.grants, WEBSITE_EDITOR_READ) && isOn(context.flags, WEBSITE_EDITOR)) into.push({ kind: 'websiteEditor' });
  }
  if (!permitsItem(context.grants, item)) {
    into.push({ kind: 'permission', anyOf: permissionKeys(item), rule: ruleOf(item) });
  }
  if (item.requireSiteId && !context.hasSite) into.push({ kind: 'site' });
  if (item.sellerSupport && !sellerSupported(item.sellerSupport, context)) into.push({ kind: 'seller', rule: item.sellerSupport });
}

const sameReason = (a: Reason, b: Reason) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether the user may open `route` under `ancestors` (its groups, outermost first: their gates
 * apply to everything inside them), and if not, why. An admin-only group and its admin-only child
 * give one reason, not two.
 */
export function explain(route: RouteItem, context: GatingContext, ancestors: readonly RouteItem[] = []): Explanation {
  const reasons: Reason[] = [];
  for (const ancestor of ancestors) ownReasons(ancestor, context, reasons);
  ownReasons(route, context, reasons);
  if (reasons.length === 0) return ALLOWED;
  // Only a group and its child can repeat a reason.
  if (ancestors.length === 0 || reasons.length === 1) return { allowed: false, reasons };
  return { allowed: false, reasons: reasons.filter((reason, index) => reasons.findIndex((other) => sameReason(other, reason)) === index) };
}

/** Each item's groups, outermost first, for every item of a catalogue tree. */
export function ancestorsIndex(catalogue: readonly RouteItem[]): ReadonlyMap<RouteItem, readonly RouteItem[]> {
  const index = new Map<RouteItem, readonly RouteItem[]>();
  const visit = (items: readonly RouteItem[], above: readonly RouteItem[]) => {
    for (const item of items) {
      index.set(item, above);
      if (item.children) visit(item.children, [...above, item]);
    }
  };
  visit(catalogue, []);
  return index;
}

/**
 * Reasons that make a route not exist for this user (404) rather than be refused (403): the host,
 * the environment, offline mode, flags, the seller allow-list and the website configuration.
 */
export function hidesRoute(reason: Reason): boolean {
  return reason.kind !== 'permission' && reason.kind !== 'site' && !(reason.kind === 'seller' && reason.rule !== 'comboPromotion');
}

/** The permission keys an explanation names (for support and the request-access message). */
export function missingPermissions(explanation: Explanation): string[] {
  if (explanation.allowed) return [];
  return [...new Set(explanation.reasons.flatMap((reason) => (reason.kind === 'permission' ? reason.anyOf : [])))];
}
