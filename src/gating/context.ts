import type { Environment } from '../config/schema.ts';
import { indexGrants, type Grants } from './permissions.ts';

/**
 * Everything route gating depends on, gathered once the start-up sequence has the user, the flags,
 * the websites and the seller. Build it with `createGatingContext` and reuse it: it indexes the
 * permissions so each menu derivation is cheap.
 */
export interface GatingInput {
  /** The user's `app:resource:action` permissions. */
  readonly permissions: readonly string[];
  readonly roles: readonly string[];
  /** Evaluated feature flags by key; a missing key is off. The website-editor flag is one of them. */
  readonly flags: Readonly<Record<string, boolean>>;
  /** The reduced offline shell: only routes that support offline mode. */
  readonly isOfflineMode: boolean;
  /** The host is one of the configured admin domains. */
  readonly isAdminDomain: boolean;
  readonly environment: Environment;
  /** The current seller, if one is chosen. */
  readonly sellerId: number | null;
  /** Sellers allowed the combo promotion screen (runtime config). */
  readonly comboPromotionSellerIds: readonly number[];
  /** The platform's configured website (WEB) and mobile app (APP) ids, if any. */
  readonly websiteIds: { readonly web: string | null; readonly app: string | null };
  /** The account has a valid site id (routes.md §2.25: routes needing one are refused without). */
  readonly hasSite: boolean;
  /** Seller-support rules of routes.md §4 (runtime config); null: no such restriction. */
  readonly sellerSupport: SellerSupportRules | null;
}

export interface SellerSupportRules {
  readonly invoicingSellerIds: readonly number[];
  readonly groupParentSellerId: number;
}

export interface GatingContext extends Omit<GatingInput, 'permissions' | 'roles' | 'comboPromotionSellerIds'> {
  readonly grants: Grants;
  readonly comboPromotionSellerIds: ReadonlySet<number>;
}

export function createGatingContext({ permissions, roles, comboPromotionSellerIds, ...rest }: GatingInput): GatingContext {
  return { ...rest, grants: indexGrants(permissions, roles), comboPromotionSellerIds: new Set(comboPromotionSellerIds) };
}
