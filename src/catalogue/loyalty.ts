import type { Environment } from '../config/schema.ts';
import { moduleKit, perm, prefix } from './define.ts';
import { LOYALTY_CAMPAIGN, LOYALTY_GENERAL_REPORT } from './flags.ts';

/**
 * routes.md §2.21. Loyalty is platform-wide, so every loyalty route hides the seller and platform
 * switches. All are checked against the loyalty service (shell.md §6 lists no separate management one).
 */
const kit = moduleKit({
  path: '/loyalty',
  title: 'Loyalty.Group',
  icon: 'gift-outline',
  app: 'loyalty',
  defaults: { hideSellerSwitch: true, hidePlatformSwitch: true },
});

const GENERAL_REPORT_ENVIRONMENTS: readonly Environment[] = ['staging', 'production'];
/** The spec flags the campaign pages as a whole: list, form and detail go together. */
const campaign = { flagKey: LOYALTY_CAMPAIGN } as const;
/** QR games open with a loyalty qr-game permission or the qr-game-viewer / qr-game-admin roles. */
const qrGame = { permissions: [prefix('loyalty:qr-game')], usePermissionPrefix: true } as const;

export const loyalty = kit.group([
  kit.page('common-settings/rule-money-point', 'Loyalty.RuleMoneyPoint', { permissions: [perm('loyalty:money-point-rule:read')] }),
  kit.page('transaction-manager/transaction', 'Loyalty.Transaction', { permissions: [perm('loyalty:transaction:read')] }),
  kit.page('transaction-manager/transaction-point', 'Loyalty.TransactionPoint', { permissions: [perm('loyalty:transaction:read')] }),
  kit.page('transaction-manager/transaction-system', 'Loyalty.TransactionSystem', { permissions: [perm('loyalty:transaction:read')] }),
  kit.page('member-manager/member', 'Loyalty.Member', { permissions: [perm('loyalty:member:read')] }),
  // A dashboard of the BI service, hence the dashboard parameters (routes.md §7).
  kit.page('report-manager/general-report', 'Loyalty.GeneralReport', {
    app: 'superset',
    src: '/superset/dashboard/loyalty-general-report/',
    dashboardParams: true,
    hideTitle: true, // the dashboard has its own title
    permissions: [perm('loyalty:report:READ_REPORT')],
    environments: GENERAL_REPORT_ENVIRONMENTS,
    flagKey: LOYALTY_GENERAL_REPORT,
  }),
  kit.page('report-manager/balance-report', 'Loyalty.BalanceReport', { permissions: [perm('loyalty:report:READ_REPORT')] }),
  kit.page('report-manager/transaction-report', 'Loyalty.TransactionReport', { permissions: [perm('loyalty:report:READ_REPORT')] }),
  kit.page('campaign/list', 'Loyalty.CampaignList', { ...campaign, permissions: [perm('loyalty:campaign:read')] }),
  kit.hidden('campaign/create', 'Loyalty.CampaignCreate', { ...campaign, permissions: [perm('loyalty:campaign:create')] }),
  kit.hidden('campaign/detail/:id', 'Loyalty.CampaignDetail', { ...campaign, permissions: [perm('loyalty:campaign:read')] }),
  kit.page('game-management/qr-game', 'Loyalty.QrGame', qrGame),
  kit.hidden('game-management/qr-game/create', 'Loyalty.QrGameCreate', qrGame),
  kit.hidden('game-management/qr-game/export-history', 'Loyalty.QrGameExportHistory', qrGame),
  kit.hidden('game-management/qr-game/:id', 'Loyalty.QrGameDetail', qrGame),
  kit.hidden('game-management/qr-game/:id/customer-list', 'Loyalty.QrGameCustomerList', qrGame),
]);
