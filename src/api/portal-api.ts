import * as v from 'valibot';
import type { RuntimeConfig } from '../config/schema.ts';
import type { FlagrBatchAnswer, FlagrBatchRequest } from './types.ts';
import type { ApiClient } from './client.ts';
import { DEFAULT_TIMEOUT_MS } from './timeouts.ts';
import { SELLER_PAGE_SIZE, startCalls } from './start-calls.ts';
import {
  handedKeySchema,
  numberDisplayFormatSchema,
  parseAnswer,
  platformSchema,
  sellerSchema,
  siteSchema,
  upgradeWindowSchema,
  websiteSchema,
  type HandedKey,
  type NumberDisplayFormat,
  type Platform,
  type Seller,
  type Site,
  type UpgradeWindowConfig,
  type Website,
} from './types.ts';

/** Seller list paging (shell.md §9): 200 per page (start-calls.ts), at most 10 pages. */
export const SELLER_MAX_PAGES = 10;

const platformsAnswer = v.object({ result: v.object({ platforms: v.array(platformSchema), total: v.number() }) });
const sellerListAnswer = v.object({ data: v.object({ sellers: v.array(sellerSchema), total: v.number() }) });
const sitesAnswer = v.object({ data: v.object({ sites: v.array(siteSchema) }) });
const websitesAnswer = v.object({ websites: v.array(websiteSchema) });
const platformConfigAnswer = v.object({ numberDisplayFormat: numberDisplayFormatSchema });
const upgradeTimeAnswer = v.object({ data: v.object({ windows: v.array(upgradeWindowSchema) }) });
const exportJobSchema = v.object({
  id: v.number(),
  exportType: v.string(),
  fileName: v.string(),
  status: v.picklist(['PROCESSING', 'DONE', 'FAILED']),
  createdAt: v.string(),
});
export type ExportJob = v.InferOutput<typeof exportJobSchema>;
const exportHistoryAnswer = v.object({ data: v.object({ jobs: v.array(exportJobSchema), total: v.number() }) });

const accessPresetSchema = v.object({
  username: v.string(),
  name: v.string(),
  sub: v.string(),
  permissions: v.array(v.string()),
  roles: v.array(v.string()),
  sellerId: v.nullable(v.number()),
  hasSite: v.boolean(),
  flags: v.array(v.string()),
});
export type AccessPreset = v.InferOutput<typeof accessPresetSchema>;
const accessPresetsAnswer = v.object({ data: v.object({ users: v.array(accessPresetSchema) }) });
const outboxKeyAnswer = v.object({ data: handedKeySchema });

export interface NotificationRegistration {
  app_id: string;
  user_id: string;
  transport: string;
  token: string;
  email: string | null;
  phone: string | null;
}

/** Per-call options of the start path: its calls are sized to the start-up deadline (startup.ts). */
export interface CallOptions {
  timeoutMs?: number;
}

/** The calls of shell.md §7, each one function over the shared client. */
export function createPortalApi(client: ApiClient, api: RuntimeConfig['api']) {
  return {
    async platforms(params: { page: number; pageSize: number; query: string }, signal?: AbortSignal) {
      const data = await client.get(api.base, '/api/v1/platforms', { query: { ...params, query: params.query.trim() }, signal });
      return parseAnswer(platformsAnswer, data, 'GET /api/v1/platforms').result;
    },

    /**
     * The user's sellers on a platform, page after page until all are loaded (at most 10 pages of 200).
     * `timeoutMs` bounds all pages together (the start-up budget), not each one.
     */
    async sellers(platformId: number | null, { timeoutMs = DEFAULT_TIMEOUT_MS }: CallOptions = {}): Promise<Seller[]> {
      const sellers: Seller[] = [];
      const end = Date.now() + timeoutMs;
      for (let page = 1; page <= SELLER_MAX_PAGES; page++) {
        const { path, query } = startCalls.sellerPage(platformId, page);
        const data = await client.get(api.base, path, { query, timeoutMs: Math.max(1, end - Date.now()) });
        const { sellers: batch, total } = parseAnswer(sellerListAnswer, data, 'GET /api/v1/seller-list').data;
        sellers.push(...batch);
        if (batch.length < SELLER_PAGE_SIZE || sellers.length >= total) break;
      }
      return sellers;
    },

    /** Sellers by id and platform (the seller client's get-all), cancellable. */
    async sellersById(params: { ids?: number[]; platformIds?: number[] }, signal?: AbortSignal): Promise<Seller[]> {
      const data = await client.get(api.sellers, '/sellers/get-all', {
        query: { ids: params.ids?.join(','), platformIds: params.platformIds?.join(',') },
        signal,
      });
      return parseAnswer(v.object({ data: v.object({ sellers: v.array(sellerSchema) }) }), data, 'GET /sellers/get-all').data.sellers;
    },

    async userSites({ timeoutMs }: CallOptions = {}): Promise<Site[]> {
      return parseAnswer(sitesAnswer, await client.get(api.base, startCalls.userSites().path, { timeoutMs }), 'GET /api/v1/sites/user').data.sites;
    },

    async websites(platformId: number, { timeoutMs }: CallOptions = {}): Promise<Website[]> {
      const data = await client.get(api.base, startCalls.websites(platformId).path, { timeoutMs });
      return parseAnswer(websitesAnswer, data, 'GET /api/v1/platforms/{id}/websites').websites;
    },

    /** Number display format by platform or by seller; the normal error toast is bypassed (shell.md §7). */
    async numberDisplayFormat(by: { platformId: number } | { sellerId: number }, { timeoutMs }: CallOptions = {}): Promise<NumberDisplayFormat> {
      const { path, query } = startCalls.numberDisplayFormat(by);
      const data = await client.get(api.base, path, { query, bypassNormalErrors: true, timeoutMs });
      return parseAnswer(platformConfigAnswer, data, 'GET /api/v1/platforms/config').numberDisplayFormat;
    },

    async upgradeWindows({ timeoutMs }: CallOptions = {}): Promise<UpgradeWindowConfig[]> {
      const data = await client.get(api.base, startCalls.upgradeWindows().path, { bypassNormalErrors: true, timeoutMs });
      return parseAnswer(upgradeTimeAnswer, data, 'GET /api/v1/upgrade-time').data.windows;
    },

    /** The export jobs of one type (export history screen), a page at a time. */
    async exportHistory(params: { exportType: string; page: number; pageSize: number }, signal?: AbortSignal) {
      const data = await client.get(api.base, '/api/v1/export-history', { query: params, signal });
      return parseAnswer(exportHistoryAnswer, data, 'GET /api/v1/export-history').data;
    },

    /** Local stacks only (config `accessPresets`): the demo users as access-explorer presets. */
    async accessPresets(address: string, signal?: AbortSignal): Promise<AccessPreset[]> {
      const url = new URL(address);
      const data = await client.get(url.origin, url.pathname, { signal, bypassNormalErrors: true });
      return parseAnswer(accessPresetsAnswer, data, `GET ${url.pathname}`).data.users;
    },

    /** Flag errors are tracked by the flags layer, never shown (shell.md §8). */
    evaluateFlags(request: FlagrBatchRequest): Promise<FlagrBatchAnswer> {
      return client.post<FlagrBatchAnswer>(api.flags, startCalls.flags().path, request, { quiet: true, timeoutMs: 8000 });
    },

    registerPushToken(registration: NotificationRegistration): Promise<unknown> {
      return client.post(api.notification, '/notification/register-token', registration, { bypassNormalErrors: true });
    },

    /** The signed-in user's key for sealing their kept writes: asked behind the drawn shell, never shown. */
    async outboxKey(): Promise<HandedKey> {
      return parseAnswer(outboxKeyAnswer, await client.get(api.base, '/api/v1/outbox/key', { quiet: true }), 'GET /api/v1/outbox/key').data;
    },

    /** Tracking batches: background, keep-alive so a batch survives the page closing. */
    sendTracking(batch: unknown): Promise<unknown> {
      return client.post(api.tracking, '/api/v1/tracking/events', batch, { quiet: true, keepalive: true });
    },
  };
}

export type PortalApi = ReturnType<typeof createPortalApi>;
export type { HandedKey, NumberDisplayFormat, Platform, Seller, Site, UpgradeWindowConfig, Website };
