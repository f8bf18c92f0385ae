import { moduleKit, perm, prefix } from './define.ts';

/** routes.md §2.13: finance pages; the group opens for anyone holding a finance permission. */
const kit = moduleKit({
  path: '/accounting',
  title: 'Accounting.Group',
  icon: 'calculator-outline',
  app: 'finance',
  permissions: [prefix('finance')],
});

export const accounting = kit.group([
  kit.page('transaction-importer', 'Accounting.TransactionImporter', { permissions: [perm('finance:transaction:create:import')] }),
  kit.page('bank-accounts', 'Accounting.BankAccounts', { permissions: [perm('finance:bank-account:read')] }),
  kit.page('bank-statements', 'Accounting.BankStatements', { permissions: [perm('finance:bank-statement:read')] }),
  kit.page('pending-bank-statements', 'Accounting.PendingBankStatements', { permissions: [perm('finance:bank-statement:update')] }),
  kit.page('close-the-books', 'Accounting.CloseTheBooks', { permissions: [perm('finance:accounting-period:update')] }),
  kit.page('customer-credit-limits', 'Accounting.CustomerCreditLimits', { permissions: [perm('finance:credit-limit:read')] }),
  kit.page('refund-requests', 'Accounting.RefundRequests', { permissions: [perm('finance:refund-request:read')] }),
  kit.page('purchase-invoices/create', 'Accounting.PurchaseInvoiceCreate', { permissions: [perm('finance:purchase-invoice:create')] }),
  kit.page('purchase-invoices/confirm', 'Accounting.PurchaseInvoiceConfirm', {
    permissions: [perm('finance:purchase-invoice:update:approve')],
  }),
  kit.page('purchase-return-invoices/create', 'Accounting.PurchaseReturnInvoiceCreate', {
    permissions: [perm('finance:purchase-return-invoice:create')],
  }),
  kit.page('receiving-ticket-supplier', 'Accounting.ReceivingTicketSupplier', { permissions: [perm('finance:receiving-ticket:read')] }),
]);
