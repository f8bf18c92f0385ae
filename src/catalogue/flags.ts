/**
 * Every feature-flag key the shell evaluates (routes.md §9, shell.md §6). The flag service is asked
 * for exactly FLAG_KEYS in one batch; a key missing from the answer counts as off.
 */

// Shell-level flags (shell.md §2 header, §3 extra config, §6).
export const HIDE_CONTACT_SUPPORT = 'hide-contact-support-button';
export const SHOW_SURVEY = 'show-survey-link';
/** Routes with `hidePlatformSwitchByEpic` hide the platform switch while this epic is on. */
export const ENABLE_EPIC_OMNI_1318 = 'enable-epic-omni-1318';
/** Routes name it in `hideSiteSwitchWhenEnabledFlagKey`. */
export const HIDE_SITE_SWITCH = 'hide-site-switch';

// Flags named by routes.md §9.
export const ATTRIBUTE_SET_MANAGEMENT = 'attribute-set-management';
export const ROUTE_MANAGEMENT = 'route-management';
export const DELIVERY_REPORT = 'delivery-report';
export const DEMAND_PLANNING = 'demand-planning';
export const MANUFACTURE_MANAGEMENT = 'manufacture-management';
export const STOCK_TRANSFER_TRACKING = 'stock-transfer-tracking';
export const STOCK_IMBALANCE_ALERTS = 'stock-imbalance-alerts';
export const CLEARANCE_REQUEST_MANAGEMENT = 'clearance-request-management';
export const EXPORT_REQUEST_HANDLING = 'export-request-handling';
export const REFACTORED_FINANCE_POS = 'refactored-finance-pos';
export const MARKETPLACE_CONNECTOR_V2 = 'marketplace-connector-v2';
export const END_OF_SHIFT_REPORT = 'end-of-shift-report';
export const CASH_BALANCE_REPORT = 'cash-balance-report';
export const MISA_REPORTS = 'misa-reports';
export const WAREHOUSE_TRANSACTION_REPORT_V2 = 'warehouse-transaction-report-v2';
export const MANUAL_INVENTORY_V2 = 'manual-inventory-v2';
export const WEBSITE_EDITOR = 'website-editor';

// Routes marked "(flag)" in routes.md §2 without a flag name: keys chosen here, named after the feature.
export const MARKETPLACE_ORDER_SEARCH = 'marketplace-order-search';
export const CUSTOMER_QUOTATION = 'customer-quotation';
export const ORDER_SYNC = 'order-sync';
export const IMPORT_SHIPMENTS_STATUS = 'import-shipments-status';
export const COMBO_PROMOTION = 'combo-promotion';
export const CUSTOM_INTERFACE = 'custom-interface';
export const PURCHASING_ORDER_MANAGEMENT = 'purchasing-order-management';
export const INVENTORY_ALERT = 'inventory-alert';
export const PURCHASING_WARNING = 'purchasing-warning';
export const PURCHASE_BUDGET = 'purchase-budget';
export const ISSUED_FAILED_INVOICE_REPORT = 'issued-failed-invoice-report';
export const PICKING_PROCESS = 'picking-process';
/** Shows the picking process in the desktop layout (`isNotUseMobileViewWhenEnabledFlagKey`). */
export const PICKING_PROCESS_DESKTOP_VIEW = 'picking-process-desktop-view';
export const MANUFACTURE_PROCESS = 'manufacture-process';
export const SERIAL_TRACKING_V2 = 'serial-tracking-v2';
export const CASH_FUNDS = 'cash-funds';
/** The epic behind /entities/platforms-tic41. */
export const EPIC_TIC_41 = 'epic-tic-41';
export const LOYALTY_GENERAL_REPORT = 'loyalty-general-report';
export const LOYALTY_CAMPAIGN = 'loyalty-campaign';
export const ORDER_NOTIFICATION_CLONE = 'order-notification-clone';
export const ADDITIONAL_SERVICES = 'additional-services';
export const CDP_SMART_BANNER = 'cdp-smart-banner';
export const SEO_REDIRECTION = 'seo-redirection';

export const FLAG_KEYS = [
  HIDE_CONTACT_SUPPORT,
  SHOW_SURVEY,
  ENABLE_EPIC_OMNI_1318,
  HIDE_SITE_SWITCH,
  ATTRIBUTE_SET_MANAGEMENT,
  ROUTE_MANAGEMENT,
  DELIVERY_REPORT,
  DEMAND_PLANNING,
  MANUFACTURE_MANAGEMENT,
  STOCK_TRANSFER_TRACKING,
  STOCK_IMBALANCE_ALERTS,
  CLEARANCE_REQUEST_MANAGEMENT,
  EXPORT_REQUEST_HANDLING,
  REFACTORED_FINANCE_POS,
  MARKETPLACE_CONNECTOR_V2,
  END_OF_SHIFT_REPORT,
  CASH_BALANCE_REPORT,
  MISA_REPORTS,
  WAREHOUSE_TRANSACTION_REPORT_V2,
  MANUAL_INVENTORY_V2,
  WEBSITE_EDITOR,
  MARKETPLACE_ORDER_SEARCH,
  CUSTOMER_QUOTATION,
  ORDER_SYNC,
  IMPORT_SHIPMENTS_STATUS,
  COMBO_PROMOTION,
  CUSTOM_INTERFACE,
  PURCHASING_ORDER_MANAGEMENT,
  INVENTORY_ALERT,
  PURCHASING_WARNING,
  PURCHASE_BUDGET,
  ISSUED_FAILED_INVOICE_REPORT,
  PICKING_PROCESS,
  PICKING_PROCESS_DESKTOP_VIEW,
  MANUFACTURE_PROCESS,
  SERIAL_TRACKING_V2,
  CASH_FUNDS,
  EPIC_TIC_41,
  LOYALTY_GENERAL_REPORT,
  LOYALTY_CAMPAIGN,
  ORDER_NOTIFICATION_CLONE,
  ADDITIONAL_SERVICES,
  CDP_SMART_BANNER,
  SEO_REDIRECTION,
] as const;

export type FlagKey = (typeof FLAG_KEYS)[number];
