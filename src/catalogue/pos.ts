import { moduleKit, perm } from './define.ts';

/**
 * routes.md §2.16: point of sale. Order screens ask for the browser notification permission
 * (order updates are pushed); creating an order and its result page work offline.
 */
const kit = moduleKit({
  path: '/dpos',
  title: 'Pos.Group',
  icon: 'storefront-outline',
  app: 'pos',
  // Number formats follow the seller's own platform config at the till.
  defaults: { isUsePlatformConfigBySeller: true },
});

const orderScreen = { browserPermissions: ['notifications'] } as const;
const createOrder = [perm('sale-portal:order:create')];

export const pos = kit.group([
  kit.page('create-order', 'Pos.CreateOrder', {
    ...orderScreen,
    permissions: createOrder,
    supportOfflineMode: true,
    hideBreadcrumb: true,
    manualTrackingScreenName: 'pos_create_order',
    guide: { serviceCode: 'pos', userGuideCode: 'create-order' },
    // The spec gives no survey address; this placeholder is replaced per deployment.
    survey: { link: 'https://survey.example.com/pos', text: 'Pos.Survey' },
  }),
  kit.page('create-marketplace-order', 'Pos.CreateMarketplaceOrder', {
    ...orderScreen,
    permissions: [perm('sale-portal:marketplace-order:create')],
    manualTrackingScreenName: 'pos_create_marketplace_order',
  }),
  kit.page('end-shift', 'Pos.EndShift', { permissions: [perm('sale-portal:shift:update')] }),
  kit.page('end-shift-history', 'Pos.EndShiftHistory', { permissions: [perm('sale-portal:shift:read')] }),
  kit.page('orders', 'Pos.Orders', { ...orderScreen, permissions: [perm('sale-portal:order:read')] }),
  kit.hidden('order-result', 'Pos.OrderResult', { ...orderScreen, permissions: createOrder, supportOfflineMode: true }),
  kit.hidden('clone-order', 'Pos.CloneOrder', { ...orderScreen, permissions: createOrder }),
]);
