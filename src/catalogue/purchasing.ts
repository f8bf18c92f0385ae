import { listPages, moduleKit, perm } from './define.ts';
import {
  CLEARANCE_REQUEST_MANAGEMENT,
  DEMAND_PLANNING,
  INVENTORY_ALERT,
  MANUFACTURE_MANAGEMENT,
  PURCHASE_BUDGET,
  PURCHASING_ORDER_MANAGEMENT,
  PURCHASING_WARNING,
  STOCK_IMBALANCE_ALERTS,
  STOCK_TRANSFER_TRACKING,
} from './flags.ts';

/**
 * routes.md §2.10: supply-chain pages, rebate programmes from the rebate app. The "(ext)" pages are
 * assumed to be the old warehouse system's, the only supply pages not yet in the supply-chain app.
 */
const kit = moduleKit({ path: '/purchasing', title: 'Purchasing.Group', icon: 'cart-outline', app: 'supplyChain' });

/**
 * Export jobs of the supply services (shell.md §3): each has its own export-history route so the
 * page can hide the seller switch and back button, supply data being platform-wide.
 */
const SUPPLY_EXPORT_TYPES = [
  'inventory_tracking',
  'pending_purchase_order',
  'demand_forecast',
  'budget_plan',
  'supplier_quotation',
  'stock_request',
  'stock_plan',
  'purchase_order',
  'purchase_order_return',
  'backorder_plan',
  'stock_transfer',
  'suppliers',
  'purchase_status',
] as const;

const oldWarehouse = { app: 'warehouse' } as const;
const alert = { flagKey: INVENTORY_ALERT, permissions: [perm('supply:inventory-alert:read')] } as const;
const manufacture = { flagKey: MANUFACTURE_MANAGEMENT, permissions: [perm('supply:manufacture:read')] } as const;
const purchaseOrder = 'supply:purchase-order' as const;

export const purchasing = kit.group([
  listPages(kit, 'stock-requests', 'Purchasing.StockRequests', 'supply:stock-request', ['import-history']),
  listPages(kit, 'stock-requests/pending-orders', 'Purchasing.PendingOrders', 'supply:pending-order', ['import-history']),
  kit.page('order-management', 'Purchasing.OrderManagement', {
    permissions: [perm('supply:order-management:read')],
    flagKey: PURCHASING_ORDER_MANAGEMENT,
  }),
  kit.page('goods-coming-tracking', 'Purchasing.GoodsComingTracking', { permissions: [perm('supply:goods-coming:read')] }),
  kit.external('supplier-price-list', 'Purchasing.SupplierPriceListExternal', {
    ...oldWarehouse,
    src: '/supplier-price-list',
    permissions: [perm('supply:supplier-quotation:read')],
  }),
  listPages(kit, 'purchase-order', 'Purchasing.PurchaseOrder', purchaseOrder, ['create']),
  kit.hidden('purchase-order/:purchaseOrderId/update', 'Purchasing.PurchaseOrderUpdate', { permissions: [perm(`${purchaseOrder}:update`)] }),
  kit.hidden('purchase-order/:purchaseOrderId/approval', 'Purchasing.PurchaseOrderApproval', {
    permissions: [perm(`${purchaseOrder}:update:approve`)],
  }),
  kit.hidden('purchase-order/:purchaseOrderId/clone', 'Purchasing.PurchaseOrderClone', { permissions: [perm(`${purchaseOrder}:create`)] }),
  kit.hidden('purchase-order/:purchaseOrderId/detail', 'Purchasing.PurchaseOrderDetail', { permissions: [perm(`${purchaseOrder}:read`)] }),
  listPages(kit, 'por', 'Purchasing.Por', 'supply:purchase-order-return', ['create']),
  listPages(kit, 'supply-stock-plan', 'Purchasing.SupplyStockPlan', 'supply:stock-plan', ['upload-history']),
  // One flag gates both planning screens: they are the two halves of the same planning feature.
  kit.page('budget-planning', 'Purchasing.BudgetPlanning', { permissions: [perm('supply:budget-plan:read')], flagKey: DEMAND_PLANNING }),
  kit.page('demand-planning', 'Purchasing.DemandPlanning', {
    permissions: [perm('supply:demand-forecast:read')],
    flagKey: DEMAND_PLANNING,
  }),
  kit.page('backorder-plans', 'Purchasing.BackorderPlans', { permissions: [perm('supply:backorder-plan:read')] }),
  kit.page('supplier-management', 'Purchasing.SupplierManagement', { permissions: [perm('supply:supplier:read')] }),
  listPages(kit, 'supplier-management/supplier-po-requirements', 'Purchasing.SupplierPoRequirements', 'supply:supplier-po-requirement', [
    'upload-history',
    'create',
  ]),
  kit.hidden('supplier-management/supplier-po-requirements/:supplierId', 'Purchasing.SupplierPoRequirementsDetail', {
    permissions: [perm('supply:supplier-po-requirement:read')],
  }),
  listPages(kit, 'supplier-management/price-list', 'Purchasing.PriceList', 'supply:supplier-quotation', ['upload-history', 'create', ':id']),
  kit.hidden('supplier-management/price-list/import-supply-status-history', 'Purchasing.PriceListImportSupplyStatusHistory', {
    permissions: [perm('supply:supplier-quotation:read')],
  }),
  kit.external('suppliers', 'Purchasing.Suppliers', { ...oldWarehouse, src: '/suppliers', permissions: [perm('supply:supplier:read')] }),
  listPages(kit, 'stock-transfer', 'Purchasing.StockTransfer', 'supply:stock-transfer', ['create']),
  kit.page('stock-transfer-tracking', 'Purchasing.StockTransferTracking', {
    permissions: [perm('supply:stock-transfer:TRACKING')],
    flagKey: STOCK_TRANSFER_TRACKING,
  }),
  listPages(kit, 'inventory-tracking', 'Purchasing.InventoryTracking', 'supply:inventory', ['upload-history']),
  kit.page('inventory-report', 'Purchasing.InventoryReport', { permissions: [perm('supply:inventory:READ_REPORT')] }),
  kit.external('branch-manual-requests', 'Purchasing.BranchManualRequests', {
    ...oldWarehouse,
    src: '/branch-manual-requests',
    permissions: [perm('supply:branch-manual-request:read')],
  }),
  kit.external('supplier-return-requests', 'Purchasing.SupplierReturnRequests', {
    ...oldWarehouse,
    src: '/supplier-return-requests',
    permissions: [perm('supply:supplier-return-request:read')],
  }),
  listPages(kit, 'rebate', 'Purchasing.Rebate', 'rebate:program', ['import-history', 'create'], { app: 'rebate' }),
  kit.hidden('rebate/:programId', 'Purchasing.RebateDetail', { app: 'rebate', permissions: [perm('rebate:program:read')] }),
  kit.hidden('rebate/:programId/clone', 'Purchasing.RebateClone', { app: 'rebate', permissions: [perm('rebate:program:create')] }),
  kit.shell('export-history/:exportType', 'Common.ExportHistory', { shellPage: 'exportHistory', hideInMenu: true }),
  SUPPLY_EXPORT_TYPES.map((type) =>
    kit.shell(`export-history/${type}`, 'Common.ExportHistory', {
      shellPage: 'exportHistory',
      hideInMenu: true,
      hideSellerSwitch: true,
      hideBackButton: true,
    }),
  ),
  kit.page('inventory-alert', 'Purchasing.InventoryAlert', alert),
  kit.hidden('inventory-alert/:bucketId/:sku', 'Purchasing.InventoryAlertDetail', alert),
  kit.hidden('inventory-alert/action-history', 'Purchasing.InventoryAlertActionHistory', alert),
  kit.page('stock-imbalance-alerts', 'Purchasing.StockImbalanceAlerts', {
    permissions: [perm('supply:stock-imbalance-alert:read')],
    flagKey: STOCK_IMBALANCE_ALERTS,
  }),
  // routes.md §9 names a clearance-request-management flag; clearance types are its only screen.
  kit.page('clearance-types', 'Purchasing.ClearanceTypes', {
    permissions: [perm('supply:clearance-type:read')],
    flagKey: CLEARANCE_REQUEST_MANAGEMENT,
  }),
  kit.hidden('site-lead-time/:siteId', 'Purchasing.SiteLeadTime', { permissions: [perm('supply:site-lead-time:read')] }),
  kit.hidden('action-history/:serviceCode/:actionObject/:actionOn', 'Common.ActionHistory', {
    permissions: [perm('supply:action-history:VIEW_AUDIT_LOG')],
  }),
  kit.page('manufacture-management', 'Purchasing.ManufactureManagement', manufacture),
  kit.hidden('manufacture-management/import-history', 'Purchasing.ManufactureManagementImportHistory', manufacture),
  kit.page('warning', 'Purchasing.Warning', { permissions: [perm('supply:warning:read')], flagKey: PURCHASING_WARNING }),
  kit.page('purchase-budget', 'Purchasing.PurchaseBudget', { permissions: [perm('supply:purchase-budget:read')], flagKey: PURCHASE_BUDGET }),
]);
