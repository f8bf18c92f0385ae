import type { Environment } from '../config/schema.ts';
import { moduleKit, perm, type PageOptions } from './define.ts';
import {
  CASH_BALANCE_REPORT,
  CASH_FUNDS,
  END_OF_SHIFT_REPORT,
  MISA_REPORTS,
  WAREHOUSE_TRANSACTION_REPORT_V2,
} from './flags.ts';
import type { RouteItem } from './types.ts';

/** routes.md §2.19 */
const kit = moduleKit({ path: '/reports', title: 'Reports.Group', icon: 'bar-chart-outline', app: 'finance' });

type ReportOptions = PageOptions & { readonly external?: true };
type Report = readonly [rel: string, title: string, permission: `${string}:${string}:${string}`, options?: ReportOptions];

/** One section's report pages, under /reports/{section}/. */
const reports = (section: string, list: readonly Report[], shared: PageOptions = {}): RouteItem[] =>
  list.map(([rel, title, permission, { external, ...options } = {}]) => {
    const page = { ...shared, ...options, permissions: [perm(permission)] };
    const path = `${section}/${rel}`;
    return external ? kit.external(path, title, page) : kit.page(path, title, page);
  });

/** Read in the old warehouse system, left by redirect. */
const outside = { app: 'warehouse', external: true } as const;
/** Sellout, debt and inventory reports exist per seller group (routes.md §4). */
const groupParent = { sellerSupport: 'groupParentSeller' } as const;
const invoicing = { sellerSupport: 'invoicing' } as const;
const misa = { flagKey: MISA_REPORTS } as const;

const BUSINESS: readonly Report[] = [
  ['seller-sale-report', 'Reports.SellerSaleReport', 'order:seller-sale-report:READ_REPORT'],
  ['graph-sale-report', 'Reports.GraphSaleReport', 'order:sale-report:READ_REPORT'],
  ['tabular-sale-report', 'Reports.TabularSaleReport', 'order:sale-report:READ_REPORT'],
  ['sellout-report', 'Reports.SelloutReport', 'order:sellout-report:READ_REPORT', groupParent],
  ['sales-order-report', 'Reports.SalesOrderReport', 'order:sales-order-report:READ_REPORT'],
  ['revenue-report', 'Reports.RevenueReport', 'order:report:read:revenue_report'],
  ['revenue-report-v2', 'Reports.RevenueReportV2', 'order:report:read:revenue_report'],
  ['discount-approved-orders-report', 'Reports.DiscountApprovedOrdersReport', 'order:report:read:discount_approved_report'],
];

const ACCOUNTING: readonly Report[] = [
  ['receivables-by-order', 'Reports.ReceivablesByOrder', 'finance:receivable:READ_REPORT'],
  ['receivables-by-object', 'Reports.ReceivablesByObject', 'finance:receivable:READ_REPORT'],
  ['goods-transactions', 'Reports.GoodsTransactions', 'finance:goods-transaction:READ_REPORT'],
  ['money-transactions', 'Reports.MoneyTransactions', 'finance:money-transaction:READ_REPORT'],
  ['vat-out-report', 'Reports.VatOutReport', 'finance:vat-report:READ_REPORT', invoicing],
  ['vat-in-report', 'Reports.VatInReport', 'finance:vat-report:READ_REPORT', invoicing],
  ['branch-vat-report', 'Reports.BranchVatReport', 'finance:branch-vat-report:READ_REPORT', invoicing],
  ['other-reports', 'Reports.OtherReports', 'finance:other-report:READ_REPORT'],
  ['debt-report', 'Reports.DebtReport', 'finance:debt-report:READ_REPORT', groupParent],
  ['bank-reconciliations', 'Reports.BankReconciliations', 'finance:bank-reconciliation:READ_REPORT'],
  ['stock-transfer-out', 'Reports.StockTransferOut', 'finance:stock-transfer:READ_REPORT'],
  // The invoice and receipt/issue reports below are the MISA-format ones (routes.md §9).
  ['sale-order-invoice-report', 'Reports.SaleOrderInvoiceReport', 'finance:misa-report:read:so', misa],
  ['return-invoice-report', 'Reports.ReturnInvoiceReport', 'finance:misa-report:read:sor', misa],
  ['purchase-receipt-report', 'Reports.PurchaseReceiptReport', 'finance:misa-report:read:po', misa],
  ['return-issue-report', 'Reports.ReturnIssueReport', 'finance:misa-report:read:por', misa],
  ['other-receipt-report', 'Reports.OtherReceiptReport', 'finance:misa-report:READ_REPORT', misa],
  ['other-issue-report', 'Reports.OtherIssueReport', 'finance:misa-report:READ_REPORT', misa],
  ['end-of-shift', 'Reports.EndOfShift', 'finance:end-of-shift-report:READ_REPORT', { flagKey: END_OF_SHIFT_REPORT }],
  ['cash-balance', 'Reports.CashBalance', 'finance:cash-balance-report:READ_REPORT', { flagKey: CASH_BALANCE_REPORT }],
  ['payment-receipt', 'Reports.PaymentReceipt', 'finance:payment-receipt:READ_REPORT'],
  ['internal-site-transfer-import', 'Reports.InternalSiteTransferImport', 'finance:report:read:site_transfer'],
  ['internal-site-transfer-export', 'Reports.InternalSiteTransferExport', 'finance:report:read:site_transfer'],
  ['consignment-sales', 'Reports.ConsignmentSales', 'finance:consignment-sale:READ_REPORT'],
  ['third-party-payment-reconciliation', 'Reports.ThirdPartyPaymentReconciliation', 'finance:payment-reconciliation:READ_REPORT'],
  ['terminal-order-reconciliation', 'Reports.TerminalOrderReconciliation', 'finance:terminal-reconciliation:READ_REPORT'],
];

const WAREHOUSE: readonly Report[] = [
  ['stock-import', 'Reports.StockImport', 'warehouse:report:READ_REPORT', outside],
  ['stock-export', 'Reports.StockExport', 'warehouse:report:READ_REPORT', outside],
  ['movement-summary', 'Reports.MovementSummary', 'warehouse:report:READ_REPORT', outside],
  ['stock-card', 'Reports.StockCard', 'warehouse:report:READ_REPORT', outside],
  ['inventory', 'Reports.Inventory', 'warehouse:inventory-report:READ_REPORT', groupParent],
  ['site-transfer', 'Reports.SiteTransfer', 'warehouse:report:read:site_transfer'],
  ['stock-summary', 'Reports.StockSummary', 'warehouse:stock-summary:READ_REPORT'],
  ['stock-summary-cogs', 'Reports.StockSummaryCogs', 'warehouse:stock-summary:read:cogs'],
  ['stock-summary-by-lot', 'Reports.StockSummaryByLot', 'warehouse:stock-summary:READ_REPORT'],
  ['stock-summary-consignment', 'Reports.StockSummaryConsignment', 'warehouse:stock-summary:READ_REPORT'],
  // One path, two pages: v1 until warehouse-transaction-report-v2 is on.
  ['warehouse-transaction', 'Reports.WarehouseTransaction', 'warehouse:transaction-report:READ_REPORT', {
    app: 'warehouse',
    hideWhenEnabledFlagKey: WAREHOUSE_TRANSACTION_REPORT_V2,
  }],
  ['warehouse-transaction', 'Reports.WarehouseTransaction', 'warehouse:transaction-report:READ_REPORT', {
    flagKey: WAREHOUSE_TRANSACTION_REPORT_V2,
  }],
  ['warehouse-transaction-cogs', 'Reports.WarehouseTransactionCogs', 'warehouse:transaction-report:read:cogs'],
  ['stock-count-session', 'Reports.StockCountSession', 'warehouse:stock-count-session:READ_REPORT'],
  ['stock-transaction', 'Reports.StockTransaction', 'warehouse:stock-transaction:READ_REPORT'],
  ['current-stock', 'Reports.CurrentStock', 'warehouse:stock:READ_REPORT'],
];

const LOGISTICS: readonly Report[] = [
  ['shipping-report', 'Reports.ShippingReport', 'logistics:shipping-report:READ_REPORT'],
  ['shipping-expense', 'Reports.ShippingExpense', 'logistics:shipping-expense:READ_REPORT', { external: true }],
];

const PURCHASING: readonly Report[] = [
  ['purchase-report', 'Reports.PurchaseReport', 'supply:purchase-report:READ_REPORT'],
  ['import-report', 'Reports.ImportReport', 'supply:import-report:READ_REPORT'],
];

const EVOUCHER_GIFT: readonly Report[] = [
  ['report', 'Reports.EvoucherGiftReport', 'promotion:evoucher-gift:READ_REPORT'],
  ['export-history', 'Reports.EvoucherGiftExportHistory', 'promotion:evoucher-gift:read'],
];

/** Order-management exports that span sellers, so their history hides the seller switch. */
const SELLER_WIDE_EXPORT_TYPES = ['om_export_orders_by_platform', 'om_export_orders_by_seller', 'om_export_revenue_report'] as const;

/**
 * Generated families. Asset ids are deployment data the spec does not give; the ids below are
 * placeholders in the shape the dashboards use, to be replaced per deployment.
 */

/** Data-studio reports: one route per report, its asset chosen by the current language. */
const DATA_STUDIO = [
  ['sales-performance', 'Reports.DataStudioSalesPerformance'],
  ['customer-insights', 'Reports.DataStudioCustomerInsights'],
  ['inventory-health', 'Reports.DataStudioInventoryHealth'],
  ['marketing-performance', 'Reports.DataStudioMarketingPerformance'],
] as const;

/** routes.md §2.19: the nine business-intelligence dashboard kinds. */
export const BI_REPORT_KINDS = [
  'ecommerce',
  'marketing',
  'operation',
  'merchandise',
  'sales',
  'warehouse',
  'supply-chain',
  'board-of-director',
  'product-performance',
] as const;

/** Reports v2 (beta dashboards); the last two exist in production only. */
const REPORTS_V2 = ['marketing-lead', 'operation', 'merchandise', 'sales', 'warehouse-management', 'supply-chain', 'bod'] as const;
const REPORTS_V2_PRODUCTION_ONLY = ['moit', 'po-pm'] as const;
const OUTSIDE_PRODUCTION: readonly Environment[] = ['development', 'test', 'staging'];

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase());

/**
 * A BI item: its last path segment is the report id, and any permission starting with bi-report
 * and ending in that id opens it (routes.md §6).
 */
const biPermission = (resource: string, id: string) => [perm(`bi-report:${resource}:read:${id}`)];

/** Embedded dashboards carry their own title, so the shell's would repeat it. */
const dashboard = { hideTitle: true } as const;

const dataStudio = DATA_STUDIO.map(([id, title]) =>
  kit.page(`data-studio/${id}`, title, {
    app: 'dataStudio',
    src: { vi: `/embed/reporting/${id}-vi`, en: `/embed/reporting/${id}-en` },
    ...dashboard,
    permissions: biPermission('data-studio', id),
  }),
);

const biDashboards = BI_REPORT_KINDS.map((kind) =>
  kit.page(`bi/${kind}`, `Reports.Bi${pascal(kind)}`, {
    app: 'superset',
    src: { vi: `/superset/dashboard/${kind}-vi/`, en: `/superset/dashboard/${kind}-en/` },
    dashboardParams: true,
    ...dashboard,
    permissions: biPermission('dashboard', kind),
  }),
);

/** Outside production the BI service draws reports v2; in production the public dashboard service does. */
const reportV2 = (id: string, environments: readonly Environment[], app: 'superset' | 'dashboardService') =>
  kit.page(`v2/${id}`, `Reports.V2${pascal(id)}`, {
    app,
    src: app === 'superset' ? `/superset/dashboard/${id}/` : `/public/dashboard/${id}`,
    dashboardParams: true,
    ...dashboard,
    environments,
    permissions: biPermission('dashboard-v2', id),
  });

const reportsV2 = [
  REPORTS_V2.flatMap((id) => [reportV2(id, OUTSIDE_PRODUCTION, 'superset'), reportV2(id, ['production'], 'dashboardService')]),
  REPORTS_V2_PRODUCTION_ONLY.map((id) => reportV2(id, ['production'], 'dashboardService')),
].flat();

export const reportsGroup = kit.group([
  reports('business', BUSINESS, { app: 'erp' }),
  reports('accounting', ACCOUNTING),
  reports('warehouse', WAREHOUSE, { app: 'warehouseV2' }),
  reports('logistics', LOGISTICS, { app: 'logistics' }),
  reports('purchasing', PURCHASING, { app: 'supplyChain' }),
  reports('evoucher-gift', EVOUCHER_GIFT, { app: 'promotion' }),
  kit.page('finance/cash-funds', 'Reports.CashFunds', { permissions: [perm('finance:cash-fund:READ_REPORT')], flagKey: CASH_FUNDS }),
  kit.shell('export-history/:exportType', 'Common.ExportHistory', { shellPage: 'exportHistory', hideInMenu: true }),
  SELLER_WIDE_EXPORT_TYPES.map((type) =>
    kit.shell(`export-history/${type}`, 'Common.ExportHistory', { shellPage: 'exportHistory', hideInMenu: true, hideSellerSwitch: true }),
  ),
  dataStudio,
  reportsV2,
  biDashboards,
]);
