import type { SellerSupport } from '../catalogue/types.ts';

/** Seller-support rules of routes.md §4 and §8. Pure. */
export interface SellerSupportConfig {
  invoicingSellerIds: readonly number[];
  groupParentSellerId: number;
}

export type SellerSupportOutcome<S> =
  | { kind: 'supported' }
  /** Invoicing: the current seller is not supported; offer the supported sellers the user has. */
  | { kind: 'switchToSupported'; sellers: S[] }
  /** Invoicing: none of the user's sellers is supported — an informational modal with Back. */
  | { kind: 'noSupportedSeller' }
  /** Group-only report: the user has the group parent seller but is not on it — confirm a switch. */
  | { kind: 'switchToParent'; parent: S }
  /** Group-only report without the parent seller: 'the seller information is invalid'. */
  | { kind: 'invalidSeller' };

export function sellerSupportFor<S extends { id: number }>(
  rule: SellerSupport | undefined,
  config: SellerSupportConfig | undefined,
  currentSellerId: number,
  userSellers: readonly S[],
): SellerSupportOutcome<S> {
  if (!rule || !config) return { kind: 'supported' };
  if (rule === 'invoicing') {
    if (config.invoicingSellerIds.includes(currentSellerId)) return { kind: 'supported' };
    const sellers = userSellers.filter((seller) => config.invoicingSellerIds.includes(seller.id));
    return sellers.length > 0 ? { kind: 'switchToSupported', sellers } : { kind: 'noSupportedSeller' };
  }
  if (currentSellerId === config.groupParentSellerId) return { kind: 'supported' };
  const parent = userSellers.find((seller) => seller.id === config.groupParentSellerId);
  return parent ? { kind: 'switchToParent', parent } : { kind: 'invalidSeller' };
}
