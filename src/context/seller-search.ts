import { foldForSearch } from '../gating/search.ts';

/**
 * Seller chooser search (shell.md §5): the input is trimmed; a seller matches when its name or
 * display name contains the text ignoring case and Vietnamese accents, or when its id equals it.
 */
export function filterSellers<S extends { id: number; name: string; displayName?: string | null }>(sellers: S[], input: string): S[] {
  const query = input.trim();
  if (!query) return sellers;
  const folded = foldForSearch(query);
  return sellers.filter(
    (seller) =>
      String(seller.id) === query ||
      foldForSearch(seller.name).includes(folded) ||
      (seller.displayName ? foldForSearch(seller.displayName).includes(folded) : false),
  );
}
