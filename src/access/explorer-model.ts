import { CATALOGUE } from '../catalogue/index.ts';
import type { RouteItem } from '../catalogue/types.ts';
import type { GatingContext } from '../gating/context.ts';
import { ancestorsIndex, explain, REASON_KINDS, type Explanation, type ReasonKind } from '../gating/explain.ts';
import { deriveMenu, type MenuEntry } from '../gating/visibility.ts';

/**
 * The access explorer's model, pure: a pasted permission list, and for a context the
 * menu that user gets and every route's explanation, filtered by module and by reason.
 */

export type ListParse = { readonly ok: true; readonly values: string[] } | { readonly ok: false; readonly problem: string };

/** One entry per line, or a JSON array of strings; blanks and duplicates dropped. */
export function parseList(text: string): ListParse {
  const trimmed = text.trim();
  let values: unknown[];
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (!Array.isArray(parsed)) return { ok: false, problem: 'not an array' };
      values = parsed;
    } catch (error) {
      return { ok: false, problem: error instanceof Error ? error.message : String(error) };
    }
    const wrong = values.findIndex((value) => typeof value !== 'string');
    if (wrong >= 0) return { ok: false, problem: `item ${wrong + 1} is not a string` };
  } else {
    values = trimmed.split(/\r?\n/);
  }
  return { ok: true, values: [...new Set((values as string[]).map((value) => value.trim()).filter((value) => value !== ''))] };
}

export interface ExplorerRow {
  readonly route: RouteItem;
  /** The top-level menu entry it belongs to (itself for a top-level page). */
  readonly module: RouteItem;
  readonly explanation: Explanation;
}

export type ReasonFilter = ReasonKind | 'allowed';

const index = ancestorsIndex(CATALOGUE);
const leaves = [...index.keys()].filter((item) => !item.children);

export function exploreAccess(context: GatingContext): { menu: MenuEntry[]; rows: ExplorerRow[] } {
  const rows = leaves.map((route) => {
    const ancestors = index.get(route) ?? [];
    return { route, module: ancestors[0] ?? route, explanation: explain(route, context, ancestors) };
  });
  return { menu: deriveMenu(CATALOGUE, context), rows };
}

const matchesReason = (row: ExplorerRow, reason: ReasonFilter) =>
  reason === 'allowed' ? row.explanation.allowed : !row.explanation.allowed && row.explanation.reasons.some((r) => r.kind === reason);

/** How many routes each reason closes (a route with two reasons counts for both), and how many are allowed. */
export function reasonCounts(rows: readonly ExplorerRow[]): { reason: ReasonFilter; count: number }[] {
  return (['allowed', ...REASON_KINDS] as const).map((reason) => ({ reason, count: rows.filter((row) => matchesReason(row, reason)).length }));
}

export function filterRows(rows: readonly ExplorerRow[], filter: { module: string | null; reason: ReasonFilter | null }): ExplorerRow[] {
  return rows.filter((row) => (filter.module === null || row.module.path === filter.module) && (filter.reason === null || matchesReason(row, filter.reason)));
}
