/**
 * The permission each back-end call of the shell requires (the staff back end's contract). The
 * local API enforces exactly these (dev/api/endpoints.ts reads this table), and the permission-
 * denied page names the one a refused start-up call needed.
 */
export const CALL_PERMISSIONS = {
  platforms: 'sellers:platform:read',
  platformWebsites: 'sellers:platform:read',
  platformConfig: 'sellers:platform:read',
  sellersGetAll: 'sellers:seller:read',
  sellerList: 'sellers:seller:read',
  userSites: 'warehouse:site:read',
  registerToken: 'notification:token:create',
  evaluateFlags: 'staff-bff:feature-flag:read',
  upgradeTime: 'staff-bff:upgrading-process:read',
  trackEvents: 'staff-bff:tracking:create',
  trackedEvents: 'staff-bff:tracking:read',
  exportHistory: 'staff-bff:export-history:read',
  /** The key the outbox seals the user's kept writes with (handed to that user only). */
  outboxKey: 'staff-bff:outbox-key:read',
  /** Local stack only: the demo users as access-explorer presets (the explorer's own permission). */
  accessPresets: 'staff-bff:access-explorer:read',
} as const;
