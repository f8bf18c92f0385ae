import { ApiError } from '../api/client.ts';
import type { NumberDisplayFormat, PortalApi, Seller, Website } from '../api/portal-api.ts';
import {
  canSwitchPlatform,
  canSwitchSeller,
  canSwitchSite,
  resolvePlatform,
  resolveSeller,
  resolveSite,
  usableSellers,
} from '../context/resolve.ts';
import { claimedSellerId } from '../context/claims.ts';
import type { FlagValues } from '../flags/flagr.ts';
import type { StartFlagContext } from '../flags/load.ts';
import type { StoredPlatform } from '../context/choices.ts';
import type { ShellContextValue, ShellParts } from '../context/shell.ts';
import type { PortalUser } from '../context/user.ts';
import { samePlainData } from '../storage/plain-data.ts';

/**
 * The signed-in start-up sequence (shell.md §4): user info → feature flags → platform → sellers →
 * websites and sites → ready, or a named blocking state. Each step's failure follows shell.md §8.
 *
 * The same sequence serves the three ways a page starts (start-flow.ts): the first start runs it
 * behind the spinner; a snapshot start draws the last start's result at once and runs it behind the
 * shell, then `reconcile` applies what changed; the offline start draws the snapshot and waits for
 * the connection.
 */

/** Default number format (shell.md §9): thousand separator dot, decimal separator comma. */
export const DEFAULT_NUMBER_FORMAT: NumberDisplayFormat = { thousandSeparator: '.', decimalSeparator: ',' };

/** A state that stops the shell from drawing: a choice to make or a message. */
export type BlockedState =
  | { step: 'choosePlatform'; user: PortalUser }
  | { step: 'chooseSeller'; user: PortalUser; sellers: Seller[] }
  | { step: 'noValidSeller'; user: PortalUser }
  | { step: 'sellerLoadFailed'; user: PortalUser }
  /** The API refused the user's own sellers (403): the permission-denied page. */
  | { step: 'forbidden'; user: PortalUser };

export type StartupState = BlockedState | { step: 'ready'; context: ShellContextValue };

/** The steps a start waits on, named on the page shown when the start-up deadline passes. */
export type StartStep = 'session' | 'flags' | 'sellers' | 'sites';

/** The calls of the sequence. */
export type StartApi = Pick<PortalApi, 'sellers' | 'websites' | 'userSites' | 'numberDisplayFormat' | 'upgradeWindows'>;

export interface StartupDeps {
  api: StartApi;
  /** Evaluates every flag for the user and the seller/platform known so far within `budgetMs`; never throws. */
  loadFlags(context: StartFlagContext, budgetMs: number): Promise<FlagValues>;
  /** The locally stored platform and seller choices (already validated). */
  stored: { platform(): StoredPlatform | undefined; sellerId(): number | undefined; siteId(): number | undefined };
  /** The whole start must reach a state within this many ms (runtime config `startup.deadlineSeconds`). */
  deadlineMs: number;
  onStep?(step: StartStep): void;
}

/**
 * Time budgets of the calls on the start path, as shares of the deadline: the flags (with their
 * retries) and the seller pages run side by side, then the lists. A dead or slow API is reported
 * (the seller-load failure page, or empty lists) before the deadline's page would show.
 */
export const START_BUDGET = { flags: 0.4, sellers: 0.5, lists: 0.3 } as const;

/** The seller the calls' header names before the list resolves one (api/seller-header.ts): claimed, else stored. */
export const expectedSellerOf = (user: StartUser, stored: StartupDeps['stored']): number | null => claimedSellerId(user.sellerClaim) ?? stored.sellerId() ?? null;

/** What of the user the first calls depend on. */
export type StartUser = Pick<PortalUser, 'sub' | 'platformClaim' | 'sellerClaim' | 'siteIds'>;

/**
 * The sequence's first part: every call that needs no earlier answer goes out at once. runStartup
 * sends them, and so does the boot step before the app's code has arrived (early-calls.ts), so both
 * send the same calls.
 */
export function sendFirstCalls(user: StartUser, { api, loadFlags, stored, deadlineMs, onStep }: StartupDeps) {
  const platformChoice = resolvePlatform(user.platformClaim, stored.platform()?.id);
  const platformId = platformChoice.kind === 'selected' ? platformChoice.platformId : null;
  const expectedSellerId = expectedSellerOf(user, stored);

  // Flags are evaluated for the seller and platform known before the choosers (a choice reloads the
  // page), so they never wait for the seller list: both run at once. The maintenance windows too.
  onStep?.('flags');
  const flagsLoaded = loadFlags({ sub: user.sub, sellerId: expectedSellerId, platformId }, deadlineMs * START_BUDGET.flags);
  const windowsLoaded = api.upgradeWindows({ timeoutMs: deadlineMs * START_BUDGET.lists }).catch(() => []);
  if (platformId === null) return { platformId, flagsLoaded };

  // What the platform alone decides goes out with the seller list, not after it: a round trip less
  // on a start that waits for them (a first start, on a phone's network). The seller's number format
  // too, for the expected seller; another resolved seller asks again. A start that stops at a chooser or a message leaves these answers unused.
  const timeoutMs = deadlineMs * START_BUDGET.lists;
  const websitesLoaded = api.websites(platformId, { timeoutMs }).catch(() => []);
  const sitesLoaded = user.siteIds.length > 0 ? api.userSites({ timeoutMs }).catch(() => []) : Promise.resolve([]);
  const formatOf = (owner: { platformId: number } | { sellerId: number }) => api.numberDisplayFormat(owner, { timeoutMs }).catch(() => DEFAULT_NUMBER_FORMAT);
  const platformFormatLoaded = formatOf({ platformId });
  const expectedSellerFormat = expectedSellerId === null ? null : formatOf({ sellerId: expectedSellerId });

  onStep?.('sellers');
  const sellersLoaded = api.sellers(platformId, { timeoutMs: deadlineMs * START_BUDGET.sellers });
  return { platformId, expectedSellerId, flagsLoaded, windowsLoaded, websitesLoaded, sitesLoaded, formatOf, platformFormatLoaded, expectedSellerFormat, sellersLoaded };
}

export async function runStartup(user: PortalUser, deps: StartupDeps): Promise<StartupState> {
  const first = sendFirstCalls(user, deps);
  if (first.platformId === null) {
    await first.flagsLoaded;
    return { step: 'choosePlatform', user };
  }
  const { stored, onStep } = deps;
  const { flagsLoaded, expectedSellerId, expectedSellerFormat, formatOf } = first;
  const platform = user.platformClaim === 0 ? (stored.platform() ?? null) : null;

  let sellers: Seller[];
  try {
    sellers = await first.sellersLoaded;
  } catch (error) {
    await flagsLoaded;
    return error instanceof ApiError && error.status === 403 ? { step: 'forbidden', user } : { step: 'sellerLoadFailed', user };
  }
  const sellerChoice = resolveSeller(user.sellerClaim, stored.sellerId(), sellers);
  if (sellerChoice.kind === 'none') return { step: 'noValidSeller', user };
  if (sellerChoice.kind === 'choose') return { step: 'chooseSeller', user, sellers: sellerChoice.sellers };
  const seller = sellerChoice.seller;

  // Lists and formats that only shape the shell: a failure leaves them empty or at their default.
  onStep?.('sites');
  const [flags, upgradeWindows, websites, sites, numberFormat, sellerNumberFormat] = await Promise.all([
    flagsLoaded,
    first.windowsLoaded,
    first.websitesLoaded,
    first.sitesLoaded,
    first.platformFormatLoaded,
    expectedSellerFormat !== null && seller.id === expectedSellerId ? expectedSellerFormat : formatOf({ sellerId: seller.id }),
  ]);
  const siteChoice = resolveSite(stored.siteId(), sites);

  return {
    step: 'ready',
    context: shellContext({
      user,
      flags,
      platform,
      seller,
      sellers: usableSellers(user.sellerClaim, sellers),
      site: siteChoice.kind === 'selected' ? siteChoice.site : null,
      sites,
      websites,
      numberFormat,
      sellerNumberFormat,
      upgradeWindows,
    }),
  };
}

/** The shell's context from its parts: what can be derived is, so a snapshot stores only the parts. */
export function shellContext(parts: ShellParts): ShellContextValue {
  return {
    ...parts,
    websiteIds: websiteIdsFrom(parts.websites),
    can: {
      switchPlatform: canSwitchPlatform(parts.user.platformClaim),
      switchSeller: canSwitchSeller(parts.user.sellerClaim, parts.sellers.length),
      switchSite: canSwitchSite(parts.sites.length),
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

/** What a snapshot start does once the sequence has run behind the drawn shell. */
export type Reconciled =
  /** Nothing the shell shows changed: keep the drawn context (no re-render, no frame reload). */
  | { kind: 'unchanged' }
  /**
   * Draw the new context in place: the menu gains or loses items, the current route re-resolves
   * (403 when no longer permitted, 404 when a flag hid it).
   */
  | { kind: 'update'; context: ShellContextValue }
  /** The drawn site is no longer the user's: the invalid-site dialog (OK reloads into a valid one). */
  | { kind: 'siteInvalid'; context: ShellContextValue }
  /** The seller is no longer valid, or the platform must be chosen: the blocking state replaces the shell. */
  | { kind: 'blocked'; state: BlockedState }
  /** The sellers could not be loaded: keep the drawn shell (it is the last known good state). */
  | { kind: 'keep' };

export function reconcile(shown: ShellContextValue, fresh: StartupState): Reconciled {
  if (fresh.step === 'sellerLoadFailed') return { kind: 'keep' };
  if (fresh.step !== 'ready') return { kind: 'blocked', state: fresh };
  const next = fresh.context;
  if (shown.site && !next.sites.some((site) => site.id === shown.site!.id)) return { kind: 'siteInvalid', context: next };
  return samePlainData(shown, next) ? { kind: 'unchanged' } : { kind: 'update', context: next };
}

