import { parsePlatformClaim, parseSellerClaim, parseSiteClaim, type SellerClaim } from './claims.ts';

/** The signed-in user as the shell uses it (shell.md §3), read from the ID token and userinfo claims. */
export interface PortalUser {
  sub: string;
  name: string;
  email: string | null;
  phone: string | null;
  picture: string | null;
  tenantId: string | null;
  roles: string[];
  permissions: string[];
  metaData: Record<string, unknown>;
  /** 0 = all platforms. */
  platformClaim: number;
  sellerClaim: SellerClaim;
  siteIds: number[];
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

const metaDataOf = (profile: Record<string, unknown>): Record<string, unknown> =>
  typeof profile.meta_data === 'object' && profile.meta_data !== null ? (profile.meta_data as Record<string, unknown>) : {};

/** What the start's first calls need of the user (start/startup.ts StartUser): the boot step reads no more. */
export function startClaimsFrom(profile: Record<string, unknown>): Pick<PortalUser, 'sub' | 'platformClaim' | 'sellerClaim' | 'siteIds'> {
  const metaData = metaDataOf(profile);
  return { sub: String(profile.sub ?? ''), platformClaim: parsePlatformClaim(metaData), sellerClaim: parseSellerClaim(metaData.seller_id), siteIds: parseSiteClaim(metaData) };
}

export function portalUserFrom(profile: Record<string, unknown>): PortalUser {
  const { sub, platformClaim, sellerClaim, siteIds } = startClaimsFrom(profile);
  return {
    sub,
    name: text(profile.name) ?? text(profile.preferred_username) ?? sub,
    email: text(profile.email),
    phone: text(profile.phone_number),
    picture: text(profile.picture),
    tenantId: text(profile.tenant_id),
    roles: strings(profile.roles),
    permissions: strings(profile.permissions),
    metaData: metaDataOf(profile),
    platformClaim,
    sellerClaim,
    siteIds,
  };
}
