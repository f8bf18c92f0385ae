import { listPages, moduleKit, perm, type PageOptions } from './define.ts';
import {
  EXPORT_REQUEST_HANDLING,
  HIDE_SITE_SWITCH,
  MANUFACTURE_PROCESS,
  PICKING_PROCESS,
  PICKING_PROCESS_DESKTOP_VIEW,
  SERIAL_TRACKING_V2,
} from './flags.ts';

/**
 * routes.md §2.14: the new warehouse app; "(ext)" pages are the old warehouse system's, and the
 * handheld (mobile-view) screens come from the warehouse site point-of-sale app.
 */
const kit = moduleKit({ path: '/warehousing', title: 'Warehousing.Group', icon: 'business-outline', app: 'warehouseV2' });

/** Work done at one site: the site switch shows unless the hide-site-switch flag is on. */
const atSite = { showSiteSwitch: true, hideSiteSwitchWhenEnabledFlagKey: HIDE_SITE_SWITCH } as const;
/** Handheld screens (routes.md §2.25). */
const handheld = { app: 'warehouseSitePos', isUseMobileView: true, hideBreadcrumbMobileView: true } as const;
/** A user-guide entry of the warehouse service; codes follow the screen's path. */
const guide = (userGuideCode: string) => ({ guide: { serviceCode: 'warehouse', userGuideCode } });
const oldWarehouse = { app: 'warehouse' } as const;

const withSite = (options: PageOptions): PageOptions => ({ ...atSite, ...options });

/**
 * The old system's pages, each left by redirect. The spec names only "several external pages"
 * for import and "many external order and outbound pages"; these are its remaining WMS screens.
 */
const EXTERNAL_PAGES = [
  ['master-data/blocked-stock', 'Warehousing.BlockedStock', 'warehouse:blocked-stock:read'],
  ['master-data/min-stock-threshold', 'Warehousing.MinStockThreshold', 'warehouse:min-stock-threshold:read'],
  ['master-data/configure-material', 'Warehousing.ConfigureMaterial', 'warehouse:material:read'],
  ['master-data/bom', 'Warehousing.MasterDataBom', 'warehouse:bom:read'],
  ['import/inbound-receipts', 'Warehousing.InboundReceipts', 'warehouse:inbound-receipt:read'],
  ['import/putaway', 'Warehousing.Putaway', 'warehouse:putaway:read'],
  ['import/customer-returns', 'Warehousing.CustomerReturns', 'warehouse:customer-return:read'],
  ['order/orders', 'Warehousing.Orders', 'warehouse:order:read'],
  ['order/order-tracking', 'Warehousing.OrderTracking', 'warehouse:order:TRACKING'],
  ['outbound/outbound-requests', 'Warehousing.OutboundRequests', 'warehouse:outbound-request:read'],
  ['outbound/shipments', 'Warehousing.Shipments', 'warehouse:shipment:read'],
  ['outbound/delivery-trips', 'Warehousing.DeliveryTrips', 'warehouse:delivery-trip:read'],
] as const;

const external = (group: string) =>
  EXTERNAL_PAGES.filter(([rel]) => rel.startsWith(`${group}/`)).map(([rel, title, permission]) =>
    kit.external(rel, title, { ...oldWarehouse, src: `/${rel}`, permissions: [perm(permission)] }),
  );

const exportHandling = { permissions: [perm('warehouse:export-request:update')], flagKey: EXPORT_REQUEST_HANDLING, ...atSite } as const;
const transaction = withSite({ permissions: [perm('warehouse:warehouse-transaction:read')] });
const serialTracking = { permissions: [perm('warehouse:serial-tracking:read')], ...atSite, ...handheld } as const;

export const warehousing = kit.group([
  // Master data. Every user reads their own sites (warehouse:site:read, at start-up), so site
  // administration is a resource of its own.
  listPages(kit, 'master-data/sites', 'Warehousing.Sites', 'warehouse:site-master-data', ['create', 'upload-history', ':id']),
  listPages(kit, 'master-data/warehouses', 'Warehousing.Warehouses', 'warehouse:warehouse', ['create', 'upload-history', ':id']),
  kit.page('master-data/bin-location', 'Warehousing.BinLocation', { permissions: [perm('warehouse:bin-location:read')] }),
  listPages(kit, 'master-data/management-adjustment-reason', 'Warehousing.AdjustmentReasons', 'warehouse:adjustment-reason', [
    'create',
    'upload-history',
    ':id',
  ]),
  external('master-data'),
  // Import
  listPages(kit, 'import/requests', 'Warehousing.ImportRequests', 'warehouse:import-request', [':id'], atSite),
  kit.page('import/quality-control/inbound', 'Warehousing.QualityControlInbound', {
    ...handheld,
    requireSiteId: true,
    permissions: [perm('warehouse:quality-control:update:inbound')],
    ...guide('quality-control-inbound'),
  }),
  kit.page('import/quality-control/normal', 'Warehousing.QualityControlNormal', {
    ...handheld,
    requireSiteId: true,
    permissions: [perm('warehouse:quality-control:update:normal')],
    ...guide('quality-control-normal'),
  }),
  kit.page(
    'import/quality-control/progress-tracking',
    'Warehousing.QualityControlProgress',
    withSite({ permissions: [perm('warehouse:quality-control:read:progress')] }),
  ),
  external('import'),
  // Export
  listPages(kit, 'export/export-requests', 'Warehousing.ExportRequests', 'warehouse:export-request', [':id'], atSite),
  kit.page(
    'export/export-request-progress',
    'Warehousing.ExportRequestProgress',
    withSite({ permissions: [perm('warehouse:export-request:read:progress')] }),
  ),
  kit.page('export/picking-list/manage', 'Warehousing.PickingListManage', withSite({ permissions: [perm('warehouse:picking-list:read')] })),
  kit.hidden('export/picking-list/create', 'Warehousing.PickingListCreate', withSite({ permissions: [perm('warehouse:picking-list:create')] })),
  kit.page(
    'export/picking-list/assign',
    'Warehousing.PickingListAssign',
    withSite({ permissions: [perm('warehouse:picking-list:update:assignment')] }),
  ),
  kit.page('export/picking-process', 'Warehousing.PickingProcess', {
    ...atSite,
    ...handheld,
    permissions: [perm('warehouse:picking-process:update')],
    flagKey: PICKING_PROCESS,
    isNotUseMobileViewWhenEnabledFlagKey: PICKING_PROCESS_DESKTOP_VIEW,
    ...guide('picking-process'),
  }),
  // Packing gives way to export-request handling when that flag is on.
  kit.page('export/packing', 'Warehousing.Packing', {
    ...atSite,
    permissions: [perm('warehouse:packing:update')],
    hideWhenEnabledFlagKey: EXPORT_REQUEST_HANDLING,
  }),
  kit.page('export/export-requests-handling', 'Warehousing.ExportRequestsHandling', exportHandling),
  kit.hidden('export/export-requests-handling/:id', 'Warehousing.ExportRequestsHandlingDetail', exportHandling),
  kit.page('export/handover', 'Warehousing.Handover', withSite({ permissions: [perm('warehouse:handover:read')] })),
  kit.page('export/handover-por', 'Warehousing.HandoverPor', withSite({ permissions: [perm('warehouse:handover:read:por')] })),
  kit.page('export/replace-serial', 'Warehousing.ReplaceSerial', { ...atSite, ...handheld, permissions: [perm('warehouse:replace-serial:update')] }),
  external('order'),
  external('outbound'),
  // Stock adjustment
  kit.page('stock-adjustment-requests', 'Warehousing.StockAdjustmentRequests', withSite({ permissions: [perm('warehouse:stock-adjustment:read')] })),
  kit.hidden(
    'stock-adjustment-requests/increment/create',
    'Warehousing.StockAdjustmentIncrementCreate',
    withSite({ permissions: [perm('warehouse:stock-adjustment:create')] }),
  ),
  kit.hidden(
    'stock-adjustment-requests/decrement/create',
    'Warehousing.StockAdjustmentDecrementCreate',
    withSite({ permissions: [perm('warehouse:stock-adjustment:create')] }),
  ),
  kit.hidden(
    'stock-adjustment-requests/:id',
    'Warehousing.StockAdjustmentRequestsDetail',
    withSite({ permissions: [perm('warehouse:stock-adjustment:read')] }),
  ),
  // Transactions
  kit.page('transaction/warehouse-transaction', 'Warehousing.WarehouseTransaction', transaction),
  kit.hidden('transaction/warehouse-transaction/:id', 'Warehousing.WarehouseTransactionDetail', transaction),
  kit.page('transaction/stock-transaction', 'Warehousing.StockTransaction', withSite({ permissions: [perm('warehouse:stock-transaction:read')] })),
  kit.page('internal-stock-movement', 'Warehousing.InternalStockMovement', {
    ...atSite,
    ...handheld,
    requireSiteId: true,
    permissions: [perm('warehouse:internal-stock-movement:create')],
    ...guide('internal-stock-movement'),
  }),
  // Manufacture
  listPages(kit, 'manufacture/session', 'Warehousing.ManufactureSession', 'warehouse:manufacture-session', ['create', ':id']),
  listPages(kit, 'manufacture/bom', 'Warehousing.ManufactureBom', 'warehouse:bom', ['create', ':id']),
  kit.hidden('manufacture/process/:id', 'Warehousing.ManufactureProcess', {
    permissions: [perm('warehouse:manufacture-session:update')],
    flagKey: MANUFACTURE_PROCESS,
  }),
  kit.page('manufacture/serial-component', 'Warehousing.SerialComponent', { permissions: [perm('warehouse:serial-component:read')] }),
  // Stock count
  kit.page(
    'stock-count/import-stock-balance',
    'Warehousing.ImportStockBalance',
    withSite({ permissions: [perm('warehouse:stock-balance:create:import')] }),
  ),
  kit.page('stock-count/stock-product-by-bin', 'Warehousing.StockProductByBin', withSite({ permissions: [perm('warehouse:stock:read')] })),
  listPages(kit, 'stock-count/sessions', 'Warehousing.StockCountSessions', 'warehouse:stock-count-session', ['create', ':id'], atSite),
  kit.page('stock-count/cycles', 'Warehousing.StockCountCycles', {
    ...atSite,
    ...handheld,
    permissions: [perm('warehouse:stock-count-cycle:read')],
    ...guide('stock-count-cycles'),
  }),
  // One path, two pages: the old system's serial tracking until serial-tracking-v2 is on.
  kit.page('stock-count/serial-tracking', 'Warehousing.SerialTracking', {
    ...serialTracking,
    app: 'warehouse',
    hideWhenEnabledFlagKey: SERIAL_TRACKING_V2,
  }),
  kit.page('stock-count/serial-tracking', 'Warehousing.SerialTracking', { ...serialTracking, flagKey: SERIAL_TRACKING_V2 }),
  kit.page('stock-count/auto-generated-serial-lot', 'Warehousing.AutoGeneratedSerialLot', { permissions: [perm('warehouse:serial-lot:read')] }),
  kit.page('movement-all-product', 'Warehousing.MovementAllProduct', withSite({ permissions: [perm('warehouse:stock-movement:read')] })),
  kit.hidden('action-history/:serviceCode/:actionObject/:actionOn', 'Common.ActionHistory', {
    permissions: [perm('warehouse:action-history:read')],
  }),
  kit.hidden('file-processing-history/:importType', 'Warehousing.FileProcessingHistory', {
    permissions: [perm('warehouse:file-processing:read')],
  }),
  kit.hidden('audit-log-action-history/:serviceCode/:actionObject/:actionOn', 'Warehousing.AuditLogActionHistory', {
    permissions: [perm('warehouse:audit-log:VIEW_AUDIT_LOG')],
  }),
]);
