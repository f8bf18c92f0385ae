import { moduleKit, prefix } from './define.ts';
import { REFACTORED_FINANCE_POS } from './flags.ts';

/**
 * routes.md §2.11. Cashier pages belong to the staff front end's point-of-sale cashier (§6
 * "Cashier"): any `staff-fe:pos-cashier…` permission, or a role starting with `pos-cashier`, opens them.
 */
const kit = moduleKit({
  path: '/cashier',
  title: 'Cashier.Group',
  icon: 'cash-outline',
  app: 'finance',
  defaults: { permissions: [prefix('staff-fe:pos-cashier')], usePermissionPrefix: true },
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
