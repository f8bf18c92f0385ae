import * as v from 'valibot';
import { numberDisplayFormatSchema, sellerSchema, siteSchema, upgradeWindowSchema, websiteSchema } from '../api/types.ts';
import type { OfflineCache } from '../offline/cache.ts';
import type { EarlyRecord } from '../offline/early-read.ts';
import { shellContext } from './startup.ts';
import type { ShellContextValue, ShellParts } from '../context/shell.ts';

/**
 * The start snapshot: what the last successful online start drew the shell from, kept in IndexedDB
 * for the next start to draw at once (and for the offline start). Keyed by the signed-in user's
 * `sub`, stamped with its time, the app version and its own format. Tokens are never part of it (the
 * cache strips them too). Logout clears the cache, and with it the snapshot.
 *
 * A new release keeps it: an online start of another release does not draw it (a full start replaces
 * it), and an offline start draws it — a till left in offline mode starts offline on a new release.
 * So a release that changes the shape of `parts` must still read the previous release's: a new field
 * with its default (`v.optional(…, default)`), never a field renamed or made required, or that
 * release's tills lose their offline start until their next online one. (The database's own schema
 * changes go through the cache's MIGRATIONS, which keep the records.)
 */

const sellerClaimSchema = v.union([v.object({ kind: v.literal('all') }), v.object({ kind: v.literal('ids'), ids: v.array(v.number()) })]);
const userSchema = v.object({
  sub: v.pipe(v.string(), v.minLength(1)),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  picture: v.nullable(v.string()),
  tenantId: v.nullable(v.string()),
  roles: v.array(v.string()),
  permissions: v.array(v.string()),
  metaData: v.record(v.string(), v.unknown()),
  platformClaim: v.number(),
  sellerClaim: sellerClaimSchema,
  siteIds: v.array(v.number()),
});
const partsSchema = v.object({
  user: userSchema,
  flags: v.record(v.string(), v.boolean()),
  platform: v.nullable(v.object({ id: v.number(), name: v.string(), code: v.optional(v.string()) })),
  seller: sellerSchema,
  sellers: v.array(sellerSchema),
  site: v.nullable(siteSchema),
  sites: v.array(siteSchema),
  websites: v.array(websiteSchema),
  numberFormat: numberDisplayFormatSchema,
  sellerNumberFormat: numberDisplayFormatSchema,
  upgradeWindows: v.array(upgradeWindowSchema),
});
const snapshotSchema = v.object({ sub: v.string(), version: v.string(), parts: partsSchema });

export type SnapshotRead =
  | { kind: 'usable'; context: ShellContextValue; savedAt: number }
  /** None stored, or it was corrupt (the cache deleted and reported it). */
  | { kind: 'none' }
  /** Older than the configured age: the full start runs (an offline start still uses it). */
  | { kind: 'stale' }
  /** Another user's: deleted, never drawn. */
  | { kind: 'discarded'; reason: 'otherUser' }
  /** Another release's: not drawn online (the full start replaces it), kept for an offline start meanwhile. */
  | { kind: 'otherRelease' }
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

/**
 * The stored snapshot as read from IndexedDB, before the checks of `readSnapshot`: a read a start
 * can begin early, from the one the boot step began when there is one.
 */
export type StoredSnapshot = ReturnType<typeof readStoredSnapshot>;
export const readStoredSnapshot = (cache: OfflineCache, early?: Promise<EarlyRecord> | null) =>
  early ? cache.readFrom('snapshot', snapshotSchema, early) : cache.read('snapshot', snapshotSchema);

/** What a start asks of the stored snapshot: whose, of which release, showing which choices, how old at most. */
export interface SnapshotWanted {
  /** The signed-in user's `sub`; null: whoever signed in last (the offline start). */
  sub: string | null;
  /** The running release; null: of any release (the offline start). */
  version: string | null;
  /** null: any age (the offline start). */
  maxAgeMs: number | null;
  choices: StoredChoices;
  now?: number;
}

/** The stored record as read, before it is judged. */
export type StoredSnapshotRecord = Awaited<StoredSnapshot>;

/** Whether a stored snapshot may be drawn for what the start wants. Pure: another user's is reported `discarded`, for the caller to delete. */
function judgeSnapshot(record: StoredSnapshotRecord, { sub, version, maxAgeMs, choices, now = Date.now() }: SnapshotWanted): SnapshotRead {
  if (!record) return { kind: 'none' };
  const { value, savedAt } = record;
  if (sub !== null && value.sub !== sub) return { kind: 'discarded', reason: 'otherUser' };
  if (version !== null && value.version !== version) return { kind: 'otherRelease' };
  if (!matchesChoices(value.parts, choices)) return { kind: 'otherChoice' };
  if (maxAgeMs !== null && !(now - savedAt >= 0 && now - savedAt <= maxAgeMs)) return { kind: 'stale' };
  return { kind: 'usable', context: shellContext(value.parts), savedAt };
}

/**
 * The snapshot judged for what the start wants, from a read already settled (the boot step's, awaited
 * before the first render): another user's is deleted behind it.
 */
export function snapshotFromRecord(cache: OfflineCache, record: StoredSnapshotRecord, wanted: SnapshotWanted): SnapshotRead {
  const read = judgeSnapshot(record, wanted);
  if (read.kind === 'discarded') void cache.remove('snapshot');
  return read;
}

/** The snapshot judged for what the start wants, read now. */
export const readSnapshot = async (cache: OfflineCache, wanted: SnapshotWanted): Promise<SnapshotRead> => snapshotFromRecord(cache, await readStoredSnapshot(cache), wanted);
