import { CATALOGUE } from '../catalogue/index.ts';
import { INTERNAL_GROUP_PATH } from '../catalogue/internal.ts';
import type { RouteItem } from '../catalogue/types.ts';
import type { Explanation, Reason } from '../gating/explain.ts';
import { foldForSearch } from '../gating/search.ts';

/**
 * Menu search's second list: the menu pages matching the query that the user cannot
 * open, each with its reasons. Pages of the admin domain (on other hosts) and of the internal group
 * never show: their existence is not other users' business. Loaded with the search dialog's first
 * opening, not at start.
 */

export interface ClosedHit {
  readonly item: RouteItem;
  readonly title: string;
  readonly groupTitle: string | null;
  readonly reasons: readonly Reason[];
}

export function createClosedSearch(
  explain: (item: RouteItem) => Explanation,
  resolveTitle: (key: string) => string,
  catalogue: readonly RouteItem[] = CATALOGUE,
): (query: string) => ClosedHit[] {
  const candidates: ClosedHit[] = [];
  const openPaths = new Set<string>();
  const consider = (item: RouteItem, group: RouteItem | null) => {
    if (item.hideInMenu) return;
    const explanation = explain(item);
    if (explanation.allowed) {
      openPaths.add(item.path);
      return;
    }
    if (explanation.reasons.some((reason) => reason.kind === 'adminDomain')) return;
    candidates.push({ item, title: resolveTitle(item.title), groupTitle: group ? resolveTitle(group.title) : null, reasons: explanation.reasons });
  };
  for (const item of catalogue) {
    if (item.path === INTERNAL_GROUP_PATH || item.hideInMenu) continue;
    if (!item.children) consider(item, null);
    else for (const child of item.children) consider(child, item);
  }
  // One entry per path, and none for a path the user opens through another variant.
  const seen = new Set<string>(openPaths);
  const hits = candidates.filter((hit) => !seen.has(hit.item.path) && seen.add(hit.item.path));
  const folded = hits.map((hit) => foldForSearch(hit.title));
  return (query) => {
    const needle = foldForSearch(query);
    return needle === '' ? [] : hits.filter((_, index) => (folded[index] as string).includes(needle));
  };
}
