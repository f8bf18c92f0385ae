import { moduleKit, prefix } from './define.ts';
import { REFACTORED_FINANCE_POS } from './flags.ts';

/**
 * routes.md §2.11. Cashier pages are gated by the staff front-end cashier role (§6 "Cashier"), so
 * they match permissions and roles by the `staff-fe:cashier` prefix (the end-of-shift role
 * `staff-fe:cashier_end_shift` shares it).
 */
const kit = moduleKit({
  path: '/cashier',
  title: 'Cashier.Group',
  icon: 'cash-outline',
  app: 'finance',
  defaults: { permissions: [prefix('staff-fe:cashier')], usePermissionPrefix: true },
});

/** The counter screens belong to the seller the shift is opened for. */
const counter = { hideSellerSwitch: true } as const;
const refactored = { flagKey: REFACTORED_FINANCE_POS } as const;

export const cashier = kit.group([
  kit.page('confirm-order', 'Cashier.ConfirmOrder', counter),
  kit.page('receipt', 'Cashier.Receipt', counter),
  kit.page('other-payment-in', 'Cashier.OtherPaymentIn', counter),
  kit.page('payoo', 'Cashier.Payoo', counter),
  kit.page('refund', 'Cashier.Refund', counter),
  kit.page('other-payment-out', 'Cashier.OtherPaymentOut', counter),
  kit.page('endshift', 'Cashier.EndShift', counter),
  kit.page('refund-requests', 'Cashier.RefundRequests'),
  kit.page('finance/create-payment-receipt-in', 'Cashier.CreatePaymentReceiptIn', refactored),
  kit.page('finance/create-payment-receipt-out', 'Cashier.CreatePaymentReceiptOut', refactored),
  kit.page('finance/payment-receipt-list', 'Cashier.PaymentReceiptList', refactored),
  kit.page('finance/end-shift', 'Cashier.FinanceEndShift'),
  kit.page('finance/end-shift-history', 'Cashier.FinanceEndShiftHistory', { isModalItem: true }),
  kit.shell('export-history/:exportType', 'Common.ExportHistory', { shellPage: 'exportHistory', hideInMenu: true }),
]);
