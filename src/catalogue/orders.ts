import { moduleKit, perm } from './define.ts';
import { CUSTOMER_QUOTATION, IMPORT_SHIPMENTS_STATUS, MARKETPLACE_ORDER_SEARCH, ORDER_SYNC } from './flags.ts';

/** routes.md §2.6 */
const kit = moduleKit({ path: '/orders', title: 'Orders.Group', icon: 'receipt-outline', app: 'erp' });

const marketplaceRead = [perm('order:marketplace-order:read')];
const sellerRead = [perm('order:seller-order:read')];
/** "Detail pages hide the platform and seller switches": the order fixes both. */
const detail = { hidePlatformSwitch: true, hideSellerSwitch: true } as const;

export const orders = kit.group([
  kit.page('marketplace', 'Orders.Marketplace', { permissions: marketplaceRead, hidePlatformSwitchByEpic: true }),
  kit.page('marketplace/search', 'Orders.MarketplaceSearch', { permissions: marketplaceRead, flagKey: MARKETPLACE_ORDER_SEARCH }),
  kit.hidden('marketplace/:id', 'Orders.MarketplaceDetail', { permissions: marketplaceRead, ...detail }),
  kit.page('seller', 'Orders.Seller', { permissions: sellerRead, hidePlatformSwitchByEpic: true }),
  kit.hidden('seller/:sellerId/:orderId', 'Orders.SellerDetail', { permissions: sellerRead, ...detail }),
  kit.page('return-requests', 'Orders.ReturnRequests', { permissions: [perm('order:return-request:read')] }),
  kit.page('customer-quotations', 'Orders.CustomerQuotations', {
    permissions: [perm('order:customer-quotation:read')],
    flagKey: CUSTOMER_QUOTATION,
  }),
  kit.page('sync', 'Orders.Sync', { permissions: [perm('order:order-sync:update')], flagKey: ORDER_SYNC }),
  kit.page('import-shipments-status', 'Orders.ImportShipmentsStatus', {
    permissions: [perm('order:shipment-status:create:import')],
    flagKey: IMPORT_SHIPMENTS_STATUS,
  }),
  kit.page('samsung-warranty-activations', 'Orders.SamsungWarrantyActivations', {
    permissions: [perm('order:warranty-activation:read')],
  }),
  kit.page('external-order', 'Orders.ExternalOrder', { permissions: [perm('order:external-order:read')] }),
  kit.hidden('external-order/import', 'Orders.ExternalOrderImport', { permissions: [perm('order:external-order:create:import')] }),
]);
