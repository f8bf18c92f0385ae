import type { SellerClaim } from './claims.ts';

/** Platform, seller and site selection rules of shell.md §4. Pure. */

export type PlatformResolution = { kind: 'selected'; platformId: number } | { kind: 'choose' };

/** A user bound to one platform works in it; an all-platforms user uses the stored choice or picks one. */
export function resolvePlatform(claimPlatformId: number, storedPlatformId: number | undefined): PlatformResolution {
  if (claimPlatformId !== 0) return { kind: 'selected', platformId: claimPlatformId };
  return storedPlatformId !== undefined && storedPlatformId > 0 ? { kind: 'selected', platformId: storedPlatformId } : { kind: 'choose' };
}

/** Only all-platforms users may switch platform. */
export const canSwitchPlatform = (claimPlatformId: number) => claimPlatformId === 0;

export type SellerResolution<S> = { kind: 'selected'; seller: S } | { kind: 'choose'; sellers: S[] } | { kind: 'none' };

/**
 * A single seller id other than 0 is selected automatically (so is the only one of several ids that
 * exists on this platform); '0' or several ids use the stored seller; otherwise the chooser, or — when none of the user's sellers exists here — 'none'
 * (the no-valid-seller message with the host's support contact).
 */
export function resolveSeller<S extends { id: number }>(
  claim: SellerClaim,
  storedSellerId: number | undefined,
  available: S[],
): SellerResolution<S> {
  const usable = usableSellers(claim, available);
  if (usable.length === 0) return { kind: 'none' };
  // One seller id, or only one of the user's sellers on this platform: nothing to choose.
  if (usable.length === 1 || (claim.kind === 'ids' && claim.ids.length === 1)) return { kind: 'selected', seller: usable[0]! };
  const stored = usable.find((seller) => seller.id === storedSellerId);
  return stored ? { kind: 'selected', seller: stored } : { kind: 'choose', sellers: usable };
}

/** The sellers of a platform this user may work as. */
export function usableSellers<S extends { id: number }>(claim: SellerClaim, available: S[]): S[] {
  return claim.kind === 'all' ? available : available.filter((seller) => claim.ids.includes(seller.id));
}

/** Users with several sellers may switch seller. */
export const canSwitchSeller = (claim: SellerClaim, availableCount: number) =>
  (claim.kind === 'all' || claim.ids.length > 1) && availableCount > 1;

export type SiteResolution<S> = { kind: 'selected'; site: S } | { kind: 'none' };

/** The stored site when it is still the user's, else the first of the user's sites. */
export function resolveSite<S extends { id: number }>(storedSiteId: number | undefined, sites: S[]): SiteResolution<S> {
  const site = sites.find((candidate) => candidate.id === storedSiteId) ?? sites[0];
  return site ? { kind: 'selected', site } : { kind: 'none' };
}

/** Users with several sites may switch site. */
export const canSwitchSite = (siteCount: number) => siteCount > 1;

/**
 * When the tab becomes visible again: the stored site changed in another tab, so what this tab
 * shows is stale (Warehousing.DetectInvalidSiteMsg).
 */
export function siteChangedElsewhere(shownSiteId: number | null, storedSiteId: number | undefined): boolean {
  return shownSiteId !== null && storedSiteId !== undefined && storedSiteId !== shownSiteId;
}
