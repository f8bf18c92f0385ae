import { z } from 'zod/mini';
import { numberDisplayFormatSchema, sellerSchema, siteSchema, upgradeWindowSchema, websiteSchema } from '../api/types.ts';
import type { OfflineCache } from '../offline/cache.ts';
import { shellContext } from './startup.ts';
import type { ShellContextValue, ShellParts } from '../context/shell.ts';

/**
 * The start snapshot: what the last successful online start drew the shell from, kept in IndexedDB
 * for the next start to draw at once (and for the offline start). Keyed by the signed-in user's
 * `sub`, stamped with its time and the app version. Tokens are never part of it (the cache strips
 * them too). Logout clears the cache, and with it the snapshot.
 */

const sellerClaimSchema = z.union([z.object({ kind: z.literal('all') }), z.object({ kind: z.literal('ids'), ids: z.array(z.number()) })]);
const userSchema = z.object({
  sub: z.string().check(z.minLength(1)),
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
const partsSchema = z.object({
  user: userSchema,
  flags: z.record(z.string(), z.boolean()),
  platform: z.nullable(z.object({ id: z.number(), name: z.string(), code: z.optional(z.string()) })),
  seller: sellerSchema,
  sellers: z.array(sellerSchema),
  site: z.nullable(siteSchema),
  sites: z.array(siteSchema),
  websites: z.array(websiteSchema),
  numberFormat: numberDisplayFormatSchema,
  sellerNumberFormat: numberDisplayFormatSchema,
  upgradeWindows: z.array(upgradeWindowSchema),
});
const snapshotSchema = z.object({ sub: z.string(), version: z.string(), parts: partsSchema });

export type SnapshotRead =
  | { kind: 'usable'; context: ShellContextValue; savedAt: number }
  /** None stored, or it was corrupt (the cache deleted and reported it). */
  | { kind: 'none' }
  /** Older than the configured age: the full start runs (an offline start still uses it). */
  | { kind: 'stale' }
  /** Another user's, or another app version's: deleted, never drawn. */
  | { kind: 'discarded'; reason: 'otherUser' | 'otherVersion' }
  /** Drawn for another platform, seller or site than the one chosen since (a switch stores and reloads). */
  | { kind: 'otherChoice' };

/** The platform, seller and site choices stored locally (shell.md §3); absent ones constrain nothing. */
export interface StoredChoices {
  platformId?: number;
  sellerId?: number;
  siteId?: number;
}

/**
 * Whether the snapshot shows what the stored choices select. A stored seller or site the snapshot's
 * lists do not hold would not have been selected by the start either, so it does not count.
 */
export function matchesChoices(parts: ShellParts, choices: StoredChoices): boolean {
  const { platformId, sellerId, siteId } = choices;
  if (platformId !== undefined && parts.user.platformClaim === 0 && parts.platform?.id !== platformId) return false;
  if (sellerId !== undefined && parts.sellers.some((seller) => seller.id === sellerId) && parts.seller.id !== sellerId) return false;
  if (siteId !== undefined && parts.sites.some((site) => site.id === siteId) && parts.site?.id !== siteId) return false;
  return true;
}

export async function saveSnapshot(cache: OfflineCache, context: ShellContextValue, version: string): Promise<void> {
  const parts: ShellParts = {
    user: context.user,
    flags: context.flags,
    platform: context.platform,
    seller: context.seller,
    sellers: context.sellers,
    site: context.site,
    sites: context.sites,
    websites: context.websites,
    numberFormat: context.numberFormat,
    sellerNumberFormat: context.sellerNumberFormat,
    upgradeWindows: context.upgradeWindows,
  };
  await cache.write('snapshot', { sub: context.user.sub, version, parts });
}

/** The stored snapshot as read from IndexedDB, before any check: a read a start can begin early. */
export type StoredSnapshot = ReturnType<typeof readStoredSnapshot>;
export const readStoredSnapshot = (cache: OfflineCache) => cache.read('snapshot', snapshotSchema);

/**
 * The snapshot for `sub` (null: whoever signed in last, for the offline start) of this `version`,
 * showing the stored `choices`, no older than `maxAgeMs` (null: any age). `stored` is a read begun
 * earlier, if any.
 */
export async function readSnapshot(
  cache: OfflineCache,
  options: { sub: string | null; version: string; maxAgeMs: number | null; choices: StoredChoices; now?: number; stored?: StoredSnapshot },
): Promise<SnapshotRead> {
  const { sub, version, maxAgeMs, choices, now = Date.now(), stored = readStoredSnapshot(cache) } = options;
  const record = await stored;
  if (!record) return { kind: 'none' };
  const { value, savedAt } = record;
  const reason = sub !== null && value.sub !== sub ? 'otherUser' : value.version !== version ? 'otherVersion' : null;
  if (reason) {
    await cache.remove('snapshot');
    return { kind: 'discarded', reason };
  }
  if (!matchesChoices(value.parts, choices)) return { kind: 'otherChoice' };
  if (maxAgeMs !== null && !(now - savedAt >= 0 && now - savedAt <= maxAgeMs)) return { kind: 'stale' };
  return { kind: 'usable', context: shellContext(value.parts), savedAt };
}
