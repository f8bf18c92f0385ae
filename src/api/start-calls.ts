import type { RequestOptions } from './client.ts';

/**
 * The calls a signed-in start sends (shell.md §4, §7) as requests: portal-api.ts sends them and checks
 * their answers, and the boot step sends the same before the app's code has arrived
 * (start/early-calls.ts). No library here: the boot step stays small.
 */

export interface CallRequest {
  path: string;
  query?: RequestOptions['query'];
}

/** Seller list paging (shell.md §9): 200 per page, at most 10 pages. */
export const SELLER_PAGE_SIZE = 200;

export const startCalls = {
  sellerPage: (platformId: number | null, page: number): CallRequest => ({ path: '/api/v1/seller-list', query: { page, pageSize: SELLER_PAGE_SIZE, platformId } }),
  userSites: (): CallRequest => ({ path: '/api/v1/sites/user' }),
  websites: (platformId: number): CallRequest => ({ path: `/api/v1/platforms/${encodeURIComponent(platformId)}/websites` }),
  numberDisplayFormat: (by: { platformId: number } | { sellerId: number }): CallRequest => ({ path: '/api/v1/platforms/config', query: by }),
  upgradeWindows: (): CallRequest => ({ path: '/api/v1/upgrade-time' }),
  /** On the flag service's address: the body is the batch (flags/load.ts firstFlagRequest). */
  flags: (): CallRequest => ({ path: '/api/v1/evaluation/batch' }),
};
