import { z } from 'zod/mini';
import { numberDisplayFormatSchema, sellerSchema, siteSchema, websiteSchema } from '../api/types.ts';
import type { FlagValues } from '../flags/flagr.ts';
import type { OfflineCache } from '../offline/cache.ts';
import { websiteIdsFrom, type ShellContextValue } from './startup.ts';

/**
 * The ready shell's context saved in IndexedDB after an online start, and read back for an offline
 * start (shell.md §4 offline mode): nothing there waits on the network. Tokens are never stored.
 */

const sellerClaimSchema = z.union([z.object({ kind: z.literal('all') }), z.object({ kind: z.literal('ids'), ids: z.array(z.number()) })]);
const userSchema = z.object({
  sub: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  picture: z.nullable(z.string()),
  tenantId: z.nullable(z.string()),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  metaData: z.record(z.string(), z.unknown()),
  platformClaim: z.number(),
  sellerClaim: sellerClaimSchema,
  siteIds: z.array(z.number()),
});
const platformRecord = z.object({
  platform: z.nullable(z.object({ id: z.number(), name: z.string(), code: z.optional(z.string()) })),
  numberFormat: numberDisplayFormatSchema,
  sellerNumberFormat: numberDisplayFormatSchema,
});
const flagsRecord = z.object({ values: z.record(z.string(), z.boolean()) });

export async function saveShellContext(cache: OfflineCache, context: ShellContextValue): Promise<void> {
  await Promise.all([
    cache.write('user', context.user),
    cache.write('platform', { platform: context.platform, numberFormat: context.numberFormat, sellerNumberFormat: context.sellerNumberFormat }),
    cache.write('seller', context.seller),
    cache.write('sellers', context.sellers),
    cache.write('site', context.site),
    cache.write('sites', context.sites),
    cache.write('websites', context.websites),
  ]);
}

/** The last online context, or null when something essential is missing (never signed in online here). */
export async function restoreShellContext(cache: OfflineCache): Promise<ShellContextValue | null> {
  const [user, platform, seller, sellers, site, sites, websites, flags] = await Promise.all([
    cache.read('user', userSchema),
    cache.read('platform', platformRecord),
    cache.read('seller', sellerSchema),
    cache.read('sellers', z.array(sellerSchema)),
    cache.read('site', z.nullable(siteSchema)),
    cache.read('sites', z.array(siteSchema)),
    cache.read('websites', z.array(websiteSchema)),
    cache.read('flags', flagsRecord),
  ]);
  if (!user || !platform || !seller) return null;
  const flagValues: FlagValues = flags?.value.values ?? {};
  return {
    user: user.value,
    flags: flagValues,
    platform: platform.value.platform,
    seller: seller.value,
    sellers: sellers?.value ?? [seller.value],
    site: site?.value ?? null,
    sites: sites?.value ?? [],
    websites: websites?.value ?? [],
    websiteIds: websiteIdsFrom(websites?.value ?? []),
    numberFormat: platform.value.numberFormat,
    sellerNumberFormat: platform.value.sellerNumberFormat,
    // Offline mode has no switches (shell.md §4).
    can: { switchPlatform: false, switchSeller: false, switchSite: false },
  };
}
