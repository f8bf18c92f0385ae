import { z } from 'zod';
import type { Fixtures, FixtureUser, Flag, Platform, Seller } from '../fixture-loader.ts';
import type { EndpointId } from './endpoints.ts';
import { ApiError, parse } from './errors.ts';
import { createPos, outboxKeyOf } from './pos.ts';

/** What a handler gets once the caller is authenticated and allowed. */
export interface CallContext {
  user: FixtureUser;
  query: unknown;
  params: unknown;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** shell.md §9: thousand separator dot, decimal separator comma. */
const DEFAULT_NUMBER_FORMAT = { thousandSeparator: '.', decimalSeparator: ',' };
/** Tracking records kept per user, newest last; older ones are dropped. */
const TRACKING_LIMIT = 1000;
/** shell.md §9: upper bounds of the response-time buckets, then everything slower. */
const RESPONSE_TIME_BUCKETS = ['200', '500', '800', '1000', '1500', '2000', '3000', '4000', '5000', '8000', '10000', '>10000'] as const;

const wholeNumber = z.string().regex(/^\d+$/, 'must be a whole number').transform(Number);
const page = wholeNumber.pipe(z.number().min(1, 'must be 1 or more')).optional();
const pageSize = wholeNumber.pipe(z.number().min(1, 'must be between 1 and 200').max(200, 'must be between 1 and 200')).optional();
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'must be comma-separated numbers')
  .transform((value) => value.split(',').map(Number))
  .optional();
const bool = z.enum(['true', 'false']).transform((value) => value === 'true').optional();
const numeric = z.union([z.number().int().nonnegative(), wholeNumber]);

const platformsQuery = z.object({ page, pageSize, query: z.string().max(200).optional() });
const exportHistoryQuery = z.object({ exportType: z.string().regex(/^[a-z0-9_]+$/, 'must be an export type key'), page, pageSize });
const sellerListQuery = z.object({ page, pageSize, platformId: wholeNumber.optional() });
const getAllQuery = z.object({ platformIds: idList, ids: idList, excludeCreatedBySeller: bool });
const idParams = z.object({ id: wholeNumber });
const noParameters = z.strictObject({});
const configQuery = z
  .object({ platformId: wholeNumber.optional(), sellerId: wholeNumber.optional() })
  .refine((query) => (query.platformId === undefined) !== (query.sellerId === undefined), 'give exactly one of platformId or sellerId');
const registerTokenBody = z.object({
  app_id: z.string().min(1),
  user_id: z.string().min(1),
  transport: z.string().min(1),
  token: z.string().min(1),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});
const flagBatchBody = z.object({
  entities: z
    .array(
      z.object({
        entityID: z.string().min(1),
        entityType: z.string().optional(),
        // The portal sends null before a seller or platform is chosen.
        entityContext: z.object({ seller_id: numeric.nullish(), platformId: numeric.nullish() }).loose().optional(),
      }),
    )
    .min(1),
  flagKeys: z.array(z.string().min(1)).min(1).max(500),
  enableDebug: z.boolean().optional(),
});
const trackingBody = z
  .object({
    events: z
      .array(
        z.object({
          type: z.enum(['page_load', 'page_unload', 'custom']),
          name: z.string().min(1),
          path: z.string().optional(),
          at: z.iso.datetime({ offset: true }).optional(),
          properties: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .max(500)
      .default([]),
    responseTimes: z
      .array(
        z.object({
          method: z.string().min(1),
          path: z.string().min(1),
          bucket: z.enum(RESPONSE_TIME_BUCKETS),
          count: z.number().int().positive(),
        }),
      )
      .max(500)
      .default([]),
  })
  .refine((body) => body.events.length + body.responseTimes.length > 0, 'send at least one event or response time');

type TrackingBatch = z.output<typeof trackingBody>;

/** Case- and accent-insensitive form for search ('Đà Nẵng' matches 'da nang'). */
const fold = (value: string) =>
  value.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();

function paginate<T>(items: readonly T[], pageNumber = 1, size = 10): T[] {
  return items.slice((pageNumber - 1) * size, pageNumber * size);
}

/** The business side of each endpoint; the server has already checked the token and permission. */
export function createHandlers(fixtures: Fixtures): Record<EndpointId, (call: CallContext) => unknown> {
  const platformById = new Map(fixtures.platforms.map((platform) => [platform.id, platform]));
  const sellerById = new Map(fixtures.sellers.map((seller) => [seller.id, seller]));
  const siteById = new Map(fixtures.sites.map((site) => [site.id, site]));
  const flagByKey = new Map(fixtures.flags.map((flag) => [flag.key, flag]));
  const formatByPlatform = new Map(fixtures.platformConfigs.map((config) => [config.platformId, config.numberDisplayFormat]));
  const tracked = new Map<string, TrackingBatch>();

  /** Sellers the user may see: all for seller_id '0', otherwise the listed ids that exist. */
  const sellersOf = (user: FixtureUser): Seller[] => {
    const ids = user.claims.meta_data.seller_id.split(',').map(Number);
    return ids.includes(0) ? fixtures.sellers : ids.flatMap((id) => sellerById.get(id) ?? []);
  };
  /** Platforms the user may see: all for platform 0 with all sellers, the platforms of their sellers for platform 0, else their one platform. */
  const platformsOf = (user: FixtureUser): Platform[] => {
    const { platform_id: platformId, seller_id: sellerIds } = user.claims.meta_data;
    if (platformId !== 0) {
      const own = platformById.get(platformId);
      return own ? [own] : [];
    }
    if (sellerIds.split(',').includes('0')) return fixtures.platforms;
    const reachable = new Set(sellersOf(user).map((seller) => seller.platformId));
    return fixtures.platforms.filter((platform) => reachable.has(platform.id));
  };
  const visiblePlatform = (user: FixtureUser, id: number): Platform => {
    const platform = platformsOf(user).find((candidate) => candidate.id === id);
    if (!platform) throw new ApiError(404, 40401, `Platform ${id} not found`);
    return platform;
  };
  const numberDisplayFormat = (platformId: number) => formatByPlatform.get(platformId) ?? DEFAULT_NUMBER_FORMAT;
  const pos = createPos(fixtures, sellersOf);

  const evaluate = (flag: Flag | undefined, sellerId: number | undefined, platformId: number | undefined): boolean => {
    if (!flag?.enabled) return false;
    if (!flag.sellerIds && !flag.platformIds) return true;
    return (
      (sellerId !== undefined && (flag.sellerIds?.includes(sellerId) ?? false)) ||
      (platformId !== undefined && (flag.platformIds?.includes(platformId) ?? false))
    );
  };

  return {
    platforms: ({ user, query }) => {
      const q = parse(platformsQuery, query, 'query');
      const needle = fold(q.query?.trim() ?? '');
      const matches = platformsOf(user).filter((p) => !needle || fold(`${p.name} ${p.code}`).includes(needle));
      const platforms = paginate(matches, q.page, q.pageSize).map((p) => ({ ...p, numberDisplayFormat: numberDisplayFormat(p.id) }));
      return { result: { platforms, total: matches.length } };
    },

    platformWebsites: ({ user, params }) => {
      const { id } = visiblePlatform(user, parse(idParams, params, 'path').id);
      return { websites: fixtures.websites.filter((website) => website.platformId === id) };
    },

    platformConfig: ({ user, query }) => {
      const q = parse(configQuery, query, 'query');
      let platformId = q.platformId;
      if (q.sellerId !== undefined) {
        const seller = sellersOf(user).find((candidate) => candidate.id === q.sellerId);
        if (!seller) throw new ApiError(404, 40402, `Seller ${q.sellerId} not found`);
        platformId = seller.platformId;
      }
      const platform = visiblePlatform(user, platformId as number);
      return { platformId: platform.id, numberDisplayFormat: numberDisplayFormat(platform.id) };
    },

    sellersGetAll: ({ user, query }) => {
      const q = parse(getAllQuery, query, 'query');
      const sellers = sellersOf(user).filter(
        (seller) =>
          (!q.platformIds || q.platformIds.includes(seller.platformId)) &&
          (!q.ids || q.ids.includes(seller.id)) &&
          !(q.excludeCreatedBySeller && seller.createdBySeller),
      );
      return { data: { sellers } };
    },

    sellerList: ({ user, query }) => {
      const q = parse(sellerListQuery, query, 'query');
      const sellers = sellersOf(user).filter((seller) => q.platformId === undefined || seller.platformId === q.platformId);
      return { data: { sellers: paginate(sellers, q.page, q.pageSize ?? 200), total: sellers.length } };
    },

    userSites: ({ user }) => {
      const { siteId, siteIds } = user.claims.meta_data;
      const ids = siteIds ?? (siteId === undefined ? [] : [siteId]);
      return { data: { sites: ids.flatMap((id) => siteById.get(id) ?? []) } };
    },

    registerToken: ({ user, body }) => {
      const registration = parse(registerTokenBody, body, 'body');
      if (registration.user_id !== user.claims.sub) {
        throw new ApiError(403, 40302, 'user_id must be the signed-in user (the token subject)');
      }
      return { data: { registered: true, app_id: registration.app_id, transport: registration.transport } };
    },

    evaluateFlags: ({ user, body }) => {
      const batch = parse(flagBatchBody, body, 'body');
      const stranger = batch.entities.find((entity) => entity.entityID !== user.claims.sub);
      if (stranger) throw new ApiError(403, 40303, `entityID ${stranger.entityID} is not the signed-in user`);
      const timestamp = new Date().toISOString();
      const evaluationResults = batch.entities.flatMap((entity) =>
        batch.flagKeys.map((flagKey) => {
          const flag = flagByKey.get(flagKey);
          const context = entity.entityContext;
          const on = evaluate(flag, context?.seller_id ?? undefined, context?.platformId ?? undefined);
          return {
            flagID: flag ? fixtures.flags.indexOf(flag) + 1 : 0,
            flagKey,
            variantKey: on ? 'on' : 'off',
            variantAttachment: on ? (flag?.attachment ?? {}) : {},
            evalContext: { entityID: entity.entityID, entityType: entity.entityType ?? 'user', entityContext: context ?? {} },
            evalDebugLog: batch.enableDebug ? { msg: flag ? `enabled=${flag.enabled}` : 'unknown flag key: off' } : undefined,
            timestamp,
          };
        }),
      );
      return { evaluationResults };
    },

    upgradeTime: () => ({ data: { windows: fixtures.upgradeWindows } }),

    trackEvents: ({ user, body }) => {
      const batch = parse(trackingBody, body, 'body');
      const mine = tracked.get(user.claims.sub) ?? { events: [], responseTimes: [] };
      tracked.set(user.claims.sub, {
        events: [...mine.events, ...batch.events].slice(-TRACKING_LIMIT),
        responseTimes: [...mine.responseTimes, ...batch.responseTimes].slice(-TRACKING_LIMIT),
      });
      return { data: { accepted: { events: batch.events.length, responseTimes: batch.responseTimes.length } } };
    },

    trackedEvents: ({ user }) => ({ data: tracked.get(user.claims.sub) ?? { events: [], responseTimes: [] } }),

    /**
     * Local stack only: every fixture user's permissions, roles, seller, site and the flags on for
     * them, as the access explorer's presets (so a preset shows exactly what that user sees).
     */
    accessPresets: ({ query }) => {
      parse(noParameters, query, 'query');
      return {
      data: {
        users: fixtures.users.map(({ username, claims }) => {
          const { seller_id: sellerIds, platform_id: platformId, siteId, siteIds } = claims.meta_data;
          const single = sellerIds.split(',').length === 1 && sellerIds !== '0' ? Number(sellerIds) : null;
          return {
            username,
            name: claims.name,
            sub: claims.sub,
            permissions: claims.permissions,
            roles: claims.roles,
            sellerId: single,
            hasSite: siteId !== undefined || (siteIds?.length ?? 0) > 0,
            flags: fixtures.flags.filter((flag) => evaluate(flag, single ?? undefined, platformId || undefined)).map((flag) => flag.key),
          };
        }),
      },
      };
    },

    /** The caller's own sealing key for the outbox: only ever handed to that user. */
    outboxKey: ({ user, query }) => {
      parse(noParameters, query, 'query');
      return { data: outboxKeyOf(user.claims.sub) };
    },

    posSale: (call) => pos.recordSale(call),
    posSales: (call) => {
      parse(noParameters, call.query, 'query');
      return pos.listSales(call);
    },

    /** The export jobs of one type: the caller's own, or everybody's for users who see all sellers. */
    exportHistory: ({ user, query }) => {
      const q = parse(exportHistoryQuery, query, 'query');
      const everyone = user.claims.meta_data.seller_id.split(',').includes('0');
      const jobs = fixtures.exportJobs
        .filter((job) => job.exportType === q.exportType && (everyone || job.createdBy === user.claims.sub))
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
      return { data: { jobs: paginate(jobs, q.page, q.pageSize), total: jobs.length } };
    },
  };
}
