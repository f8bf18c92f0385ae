import type { RouteItem } from '../catalogue/types.ts';
import type { MenuEntry } from './visibility.ts';

/**
 * Menu search (shell.md §2 "Menu search dialog"): case-insensitive and indifferent to Vietnamese
 * accents, so "don hang" finds "Đơn hàng". Names are folded once when the search is created; a
 * keystroke folds only the query.
 */

const MARKS = /\p{M}/gu;
const SPACES = /\s+/g;

/** Lower case, accents and đ/Đ stripped, whitespace collapsed. */
export function foldForSearch(text: string): string {
  // Lower-casing first: a few capitals lower-case to a letter plus a combining mark.
  return text.toLowerCase().normalize('NFD').replace(MARKS, '').replace(/đ/g, 'd').replace(SPACES, ' ').trim();
}

export interface SearchHit {
  readonly item: RouteItem;
  /** The item's name in the current language. */
  readonly title: string;
  /** The name of the group it sits in, for display; null for top-level pages. */
  readonly groupTitle: string | null;
}

/**
 * A search over the pages of a derived menu. `resolveTitle` turns a title key into the name in the
 * current language. An empty query lists every page.
 */
export function createMenuSearch(menu: readonly MenuEntry[], resolveTitle: (key: string) => string): (query: string) => SearchHit[] {
  const hits = menu.flatMap(({ item, children }): SearchHit[] => {
    if (!item.children) return [{ item, title: resolveTitle(item.title), groupTitle: null }];
    const groupTitle = resolveTitle(item.title);
    return children.map((child) => ({ item: child, title: resolveTitle(child.title), groupTitle }));
  });
  const folded = hits.map((hit) => foldForSearch(hit.title));
  return (query) => {
    const needle = foldForSearch(query);
    if (needle === '') return hits;
    return hits.filter((_, index) => (folded[index] as string).includes(needle));
  };
}
