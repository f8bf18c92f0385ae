/**
 * The user's platform, seller and site claims (meta_data of shell.md §3), read defensively:
 * a provider may send numbers or strings, one id or a list. Pure.
 */
export type SellerClaim = { kind: 'all' } | { kind: 'ids'; ids: readonly number[] };

const toId = (value: unknown): number | null => {
  const id = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : null;
};

/** seller_id is comma separated; '0' means all sellers. Malformed parts are dropped. */
export function parseSellerClaim(raw: unknown): SellerClaim {
  const parts = typeof raw === 'number' ? [raw] : typeof raw === 'string' ? raw.split(',') : [];
  const ids = [...new Set(parts.map(toId).filter((id): id is number => id !== null))];
  return ids.includes(0) ? { kind: 'all' } : { kind: 'ids', ids };
}

/** The one seller a user's claims name (selected automatically, shell.md §4), or null. */
export function claimedSellerId(claim: SellerClaim): number | null {
  return claim.kind === 'ids' && claim.ids.length === 1 && claim.ids[0]! > 0 ? claim.ids[0]! : null;
}

/** platform_id / platformId; 0 (or absent) means all platforms. */
export function parsePlatformClaim(metaData: Record<string, unknown> | undefined): number {
  return toId(metaData?.platform_id ?? metaData?.platformId) ?? 0;
}

/** siteIds (list) or siteId (single); empty when the account has no site. */
export function parseSiteClaim(metaData: Record<string, unknown> | undefined): number[] {
  const raw = metaData?.siteIds ?? metaData?.siteId;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : raw === undefined ? [] : [raw];
  return [...new Set(list.map(toId).filter((id): id is number => id !== null && id > 0))];
}
