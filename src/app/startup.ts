import { ApiError } from '../api/client.ts';
import type { NumberDisplayFormat, PortalApi, Seller, Site, Website } from '../api/portal-api.ts';
import {
  canSwitchPlatform,
  canSwitchSeller,
  canSwitchSite,
  resolvePlatform,
  resolveSeller,
  resolveSite,
  usableSellers,
} from '../context/resolve.ts';
import type { FlagValues } from '../flags/flagr.ts';
import { storedPlatform, storedSellerId, storedSiteId, type StoredPlatform } from './stored-context.ts';
import type { PortalUser } from './user.ts';

/**
 * The signed-in start-up sequence (shell.md §4): user info → feature flags → platform → sellers →
 * websites and sites → ready, or a named blocking state. Each step's failure follows shell.md §8.
 */

/** Default number format (shell.md §9): thousand separator dot, decimal separator comma. */
export const DEFAULT_NUMBER_FORMAT: NumberDisplayFormat = { thousandSeparator: '.', decimalSeparator: ',' };

export interface ShellContextValue {
  user: PortalUser;
  flags: FlagValues;
  platform: StoredPlatform | null;
  seller: Seller;
  sellers: Seller[];
  site: Site | null;
  sites: Site[];
  websites: Website[];
  websiteIds: { web: string | null; app: string | null };
  numberFormat: NumberDisplayFormat;
  /** The seller's platform format, for routes with isUsePlatformConfigBySeller. */
  sellerNumberFormat: NumberDisplayFormat;
  can: { switchPlatform: boolean; switchSeller: boolean; switchSite: boolean };
}

export type StartupState =
  | { step: 'loading' }
  | { step: 'choosePlatform'; user: PortalUser }
  | { step: 'chooseSeller'; user: PortalUser; sellers: Seller[] }
  | { step: 'noValidSeller'; user: PortalUser }
  | { step: 'sellerLoadFailed'; user: PortalUser }
  /** The API refused the user's own sellers (403): the permission-denied page. */
  | { step: 'forbidden'; user: PortalUser }
  | { step: 'ready'; context: ShellContextValue };

export interface StartupDeps {
  api: PortalApi;
  /** Evaluates every flag for the user and the seller/platform known so far; never throws. */
  loadFlags(context: { sub: string; sellerId: number | null; platformId: number | null }): Promise<FlagValues>;
}

export async function runStartup(user: PortalUser, { api, loadFlags }: StartupDeps): Promise<StartupState> {
  // Flags are evaluated for the seller and platform known before the choosers: a choice reloads the page.
  const platformChoice = resolvePlatform(user.platformClaim, storedPlatform()?.id);
  const platformId = platformChoice.kind === 'selected' ? platformChoice.platformId : null;
  const claimedSeller = user.sellerClaim.kind === 'ids' && user.sellerClaim.ids.length === 1 ? user.sellerClaim.ids[0]! : null;
  const flags = await loadFlags({ sub: user.sub, sellerId: claimedSeller ?? storedSellerId() ?? null, platformId });

  if (platformId === null) return { step: 'choosePlatform', user };
  const platform = user.platformClaim === 0 ? (storedPlatform() ?? null) : null;

  let sellers: Seller[];
  try {
    sellers = await api.sellers(platformId);
  } catch (error) {
    return error instanceof ApiError && error.status === 403 ? { step: 'forbidden', user } : { step: 'sellerLoadFailed', user };
  }
  const sellerChoice = resolveSeller(user.sellerClaim, storedSellerId(), sellers);
  if (sellerChoice.kind === 'none') return { step: 'noValidSeller', user };
  if (sellerChoice.kind === 'choose') return { step: 'chooseSeller', user, sellers: sellerChoice.sellers };
  const seller = sellerChoice.seller;
  const mySellers = usableSellers(user.sellerClaim, sellers);

  // Lists and formats that only shape the shell: a failure leaves them empty or at their default.
  const [websites, sites, numberFormat, sellerNumberFormat] = await Promise.all([
    api.websites(platformId).catch(() => []),
    user.siteIds.length > 0 ? api.userSites().catch(() => []) : Promise.resolve([]),
    api.numberDisplayFormat({ platformId }).catch(() => DEFAULT_NUMBER_FORMAT),
    api.numberDisplayFormat({ sellerId: seller.id }).catch(() => DEFAULT_NUMBER_FORMAT),
  ]);
  const siteChoice = resolveSite(storedSiteId(), sites);

  return {
    step: 'ready',
    context: {
      user,
      flags,
      platform,
      seller,
      sellers: mySellers,
      site: siteChoice.kind === 'selected' ? siteChoice.site : null,
      sites,
      websites,
      websiteIds: websiteIdsFrom(websites),
      numberFormat,
      sellerNumberFormat,
      can: {
        switchPlatform: canSwitchPlatform(user.platformClaim),
        switchSeller: canSwitchSeller(user.sellerClaim, mySellers.length),
        switchSite: canSwitchSite(sites.length),
      },
    },
  };
}

/** The platform's configured website and mobile-app ids (custom interface editor items). */
export function websiteIdsFrom(websites: readonly Website[]): ShellContextValue['websiteIds'] {
  const id = (type: Website['type']) => {
    const website = websites.find((candidate) => candidate.type === type);
    return website ? String(website.tempiWebsiteId) : null;
  };
  return { web: id('WEB'), app: id('APP') };
}
