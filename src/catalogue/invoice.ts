import { moduleKit, perm } from './define.ts';
import { ISSUED_FAILED_INVOICE_REPORT } from './flags.ts';

/** routes.md §2.12: finance pages; the first four need a seller that supports invoicing (§4). */
const kit = moduleKit({ path: '/invoice', title: 'Invoice.Group', icon: 'document-text-outline', app: 'finance' });

const invoicing = { sellerSupport: 'invoicing' } as const;

export const invoice = kit.group([
  // The supplier invoice form is still in the old warehouse system, hence the redirect.
  kit.external('supplier-invoices/create', 'Invoice.SupplierInvoiceCreate', {
    ...invoicing,
    app: 'warehouse',
    src: '/supplier-invoices/create',
    permissions: [perm('finance:supplier-invoice:create')],
  }),
  kit.page('service-invoices/create', 'Invoice.ServiceInvoiceCreate', { ...invoicing, permissions: [perm('finance:service-invoice:create')] }),
  kit.page('branch-invoices/create', 'Invoice.BranchInvoiceCreate', { ...invoicing, permissions: [perm('finance:branch-invoice:create')] }),
  kit.page('adjust', 'Invoice.Adjust', { ...invoicing, permissions: [perm('finance:invoice:update')] }),
  kit.page('issued-failed-invoice-report', 'Invoice.IssuedFailedInvoiceReport', {
    permissions: [perm('finance:invoice:READ_REPORT')],
    flagKey: ISSUED_FAILED_INVOICE_REPORT,
  }),
]);
