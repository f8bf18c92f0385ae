import { perm, topPage } from './define.ts';

/** routes.md §2.3 */
export const orderHealth = topPage('/order-health', 'OrderHealth.Page', 'pulse-outline', 'erp', {
  permissions: [perm('order:order-health:read')],
  hideSellerSwitch: true,
});
