import { isEntityId } from '../storage/local.ts';

/**
 * The one place that decides X-Seller-Id (shell.md §7: every call carries the current seller; the
 * seller list names it explicitly). The current seller is, once known:
 * 1. the seller start-up resolved (or a later switch chose);
 * 2. before that, the user's one claimed seller: it is in the ID token, so it is known before the
 *    first call (the cashier's flag batch, seller list, websites, sites and number formats);
 * 3. else the seller this person chose last (stored, validated by its reader).
 * An all-seller user's first start knows none: those calls carry no header rather than a guess.
 */
export interface KnownSellers {
  /** The single seller id of the user's claims, or null (several, all, none). */
  claimed: number | null;
  /** The stored choice; read on every call, since a choice in another tab may change it. */
  stored: () => number | undefined;
}

export class SellerHeader {
  private resolved: number | null = null;

  constructor(private readonly known: KnownSellers) {}

  /** Start-up resolved the current seller. An id that cannot be a seller is ignored. */
  set(sellerId: number): void {
    if (isEntityId(sellerId)) this.resolved = sellerId;
  }

  /** The X-Seller-Id value for the next call, or null for none. */
  value(): number | null {
    const candidates = [this.resolved, this.known.claimed, this.known.stored()];
    return candidates.find((id): id is number => isEntityId(id)) ?? null;
  }
}
