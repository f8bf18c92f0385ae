/**
 * Keys of the embedded back-end applications whose pages the shell shows in frames
 * (routes.md §7, shell.md §2). The runtime config maps each key to a base address.
 */
export const APP_KEYS = [
  'erp',
  'sellerCenter',
  'sellerCenterV2',
  'promotion',
  'priceManagement',
  'supplyChain',
  'warehouse',
  'warehouseV2',
  'warehouseSitePos',
  'finance',
  'pos',
  'logistics',
  'loyalty',
  'crm',
  'ticket',
  'rebate',
  'notification',
  'segment',
  'campaign',
  'marketing',
  'smartBanner',
  'dataStudio',
  'dashboardService',
  'superset',
  // The help centre serving the user guides of routes with a `guide` (shell.md §2 breadcrumb guide popup).
  'helpCenter',
] as const;

export type AppKey = (typeof APP_KEYS)[number];

export function isAppKey(value: string): value is AppKey {
  return (APP_KEYS as readonly string[]).includes(value);
}
