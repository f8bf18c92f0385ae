import { CALL_PERMISSIONS } from '../../src/api/call-permissions.ts';

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
  platforms: { method: 'GET', url: '/api/v1/platforms', permission: CALL_PERMISSIONS.platforms, errors: 'flat' },
  platformWebsites: { method: 'GET', url: '/api/v1/platforms/:id/websites', permission: CALL_PERMISSIONS.platformWebsites, errors: 'flat' },
  platformConfig: { method: 'GET', url: '/api/v1/platforms/config', permission: CALL_PERMISSIONS.platformConfig, errors: 'flat' },
  sellersGetAll: { method: 'GET', url: '/sellers/get-all', permission: CALL_PERMISSIONS.sellersGetAll, errors: 'flat' },
  sellerList: { method: 'GET', url: '/api/v1/seller-list', permission: CALL_PERMISSIONS.sellerList, errors: 'flat' },
  userSites: { method: 'GET', url: '/api/v1/sites/user', permission: CALL_PERMISSIONS.userSites, errors: 'flat' },
  registerToken: { method: 'POST', url: '/notification/register-token', permission: CALL_PERMISSIONS.registerToken, errors: 'nested' },
  evaluateFlags: { method: 'POST', url: '/api/v1/evaluation/batch', permission: CALL_PERMISSIONS.evaluateFlags, errors: 'nested' },
  upgradeTime: { method: 'GET', url: '/api/v1/upgrade-time', permission: CALL_PERMISSIONS.upgradeTime, errors: 'nested' },
  trackEvents: { method: 'POST', url: '/api/v1/tracking/events', permission: CALL_PERMISSIONS.trackEvents, errors: 'nested' },
  trackedEvents: { method: 'GET', url: '/api/v1/tracking/events', permission: CALL_PERMISSIONS.trackedEvents, errors: 'nested' },
  exportHistory: { method: 'GET', url: '/api/v1/export-history', permission: CALL_PERMISSIONS.exportHistory, errors: 'nested' },
  accessPresets: { method: 'GET', url: '/api/v1/dev/access-presets', permission: CALL_PERMISSIONS.accessPresets, errors: 'nested' },
  outboxKey: { method: 'GET', url: '/api/v1/outbox/key', permission: CALL_PERMISSIONS.outboxKey, errors: 'nested' },
  // The sample POS app's own back end (not the shell's calls): its sales go through the portal's outbox.
  posSale: { method: 'POST', url: '/api/v1/pos/sales', permission: 'sale-portal:order:create', errors: 'flat' },
  posSales: { method: 'GET', url: '/api/v1/pos/sales', permission: 'sale-portal:order:read', errors: 'flat' },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointId = keyof typeof ENDPOINTS;
export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as [EndpointId, ...EndpointId[]];

/** Lets a user pass the maintenance redirect (shell.md §6: staff BFF, upgrading process, bypass). */
export const BYPASS_UPGRADE_PERMISSION = 'staff-bff:upgrading-process:bypass';
