/**
 * Every call of the local back-end API (shell.md §7 plus flags, upgrade time and tracking), with the
 * permission it requires and the error shape it answers with (shell.md §8 reads either
 * `{code, message}` or `{error: {code, message}}`; each service family here uses one of them).
 * Fixture users name these ids in `apiFailures` to make a call fail on purpose.
 */

export type ErrorShape = 'flat' | 'nested';

interface EndpointSpec {
  method: 'GET' | 'POST';
  url: string;
  permission: string;
  errors: ErrorShape;
}

// The sellers service family answers `{code, message}`; the staff back-end-for-frontend family
// (flags, upgrade time, tracking, notification) answers `{error: {code, message}}`.
export const ENDPOINTS = {
  platforms: { method: 'GET', url: '/api/v1/platforms', permission: 'sellers:platform:read', errors: 'flat' },
  platformWebsites: { method: 'GET', url: '/api/v1/platforms/:id/websites', permission: 'sellers:platform:read', errors: 'flat' },
  platformConfig: { method: 'GET', url: '/api/v1/platforms/config', permission: 'sellers:platform:read', errors: 'flat' },
  sellersGetAll: { method: 'GET', url: '/sellers/get-all', permission: 'sellers:seller:read', errors: 'flat' },
  sellerList: { method: 'GET', url: '/api/v1/seller-list', permission: 'sellers:seller:read', errors: 'flat' },
  userSites: { method: 'GET', url: '/api/v1/sites/user', permission: 'warehouse:site:read', errors: 'flat' },
  registerToken: { method: 'POST', url: '/notification/register-token', permission: 'notification:token:create', errors: 'nested' },
  evaluateFlags: { method: 'POST', url: '/api/v1/evaluation/batch', permission: 'staff-bff:feature-flag:read', errors: 'nested' },
  upgradeTime: { method: 'GET', url: '/api/v1/upgrade-time', permission: 'staff-bff:upgrading-process:read', errors: 'nested' },
  trackEvents: { method: 'POST', url: '/api/v1/tracking/events', permission: 'staff-bff:tracking:create', errors: 'nested' },
  trackedEvents: { method: 'GET', url: '/api/v1/tracking/events', permission: 'staff-bff:tracking:read', errors: 'nested' },
  exportHistory: { method: 'GET', url: '/api/v1/export-history', permission: 'staff-bff:export-history:read', errors: 'nested' },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointId = keyof typeof ENDPOINTS;
export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as [EndpointId, ...EndpointId[]];

/** Lets a user pass the maintenance redirect (shell.md §6: staff BFF, upgrading process, bypass). */
export const BYPASS_UPGRADE_PERMISSION = 'staff-bff:upgrading-process:bypass';
