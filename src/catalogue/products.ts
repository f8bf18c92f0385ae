import { moduleKit, perm } from './define.ts';
import { ATTRIBUTE_SET_MANAGEMENT, MANUAL_INVENTORY_V2 } from './flags.ts';

/** routes.md §2.7: catalogue pages from seller centre v2, prices from price management. */
const kit = moduleKit({ path: '/products', title: 'Products.Group', icon: 'cube-outline', app: 'sellerCenterV2' });

const productRead = [perm('catalog:product:read')];
const priceRead = { app: 'priceManagement', permissions: [perm('pricing:price:read')] } as const;
const inventoryRead = [perm('catalog:inventory-tracking:read')];

export const products = kit.group([
  kit.page('products', 'Products.Products', { permissions: productRead }),
  kit.hidden('create', 'Products.Create', { permissions: [perm('catalog:product:create')] }),
  kit.page('product-requests', 'Products.ProductRequests', { permissions: [perm('catalog:product-request:read')] }),
  kit.hidden('products/:id/price', 'Products.ProductPrice', priceRead),
  kit.page('similar-product', 'Products.SimilarProduct', { permissions: [perm('catalog:similar-product:read')] }),
  kit.page('import', 'Products.Import', { permissions: [perm('catalog:product:create:import')] }),
  kit.page('prices', 'Products.Prices', priceRead),
  kit.hidden('prices/:sku', 'Products.PriceDetail', priceRead),
  // One path, two pages: seller centre v1's manual inventory until manual-inventory-v2 is on.
  kit.page('inventory-tracking', 'Products.InventoryTracking', {
    app: 'sellerCenter',
    permissions: inventoryRead,
    hideWhenEnabledFlagKey: MANUAL_INVENTORY_V2,
  }),
  kit.page('inventory-tracking', 'Products.InventoryTracking', { permissions: inventoryRead, flagKey: MANUAL_INVENTORY_V2 }),
  kit.hidden('inventory-tracking/upload-history', 'Products.InventoryTrackingUploadHistory', { permissions: inventoryRead }),
  kit.page('seller-categories', 'Products.SellerCategories', { permissions: [perm('catalog:seller-category:read')] }),
  kit.page('brands', 'Products.Brands', { permissions: [perm('catalog:brand:read')] }),
  // The system catalog's attribute pages move here when attribute-set management is on.
  kit.page('attribute-sets', 'Products.AttributeSets', {
    permissions: [perm('catalog:attribute-set:read')],
    flagKey: ATTRIBUTE_SET_MANAGEMENT,
  }),
  kit.page('attributes', 'Products.Attributes', { permissions: [perm('catalog:attribute:read')], flagKey: ATTRIBUTE_SET_MANAGEMENT }),
  kit.external('product-variants', 'Products.ProductVariants', {
    app: 'sellerCenter',
    src: '/product-variants',
    permissions: [perm('catalog:product-variant:read')],
    needAppendUserId: true,
    needAppendSellerId: true,
  }),
  kit.page('terminal-products', 'Products.TerminalProducts', { permissions: [perm('catalog:terminal-product:read')] }),
  kit.page('product-matching', 'Products.ProductMatching', { permissions: [perm('catalog:product-matching:read')] }),
  kit.hidden('products/:id/purchase-status', 'Products.PurchaseStatus', {
    app: 'supplyChain',
    permissions: [perm('supply:purchase-status:read')],
  }),
  kit.hidden('products/:id', 'Products.ProductDetail', { permissions: productRead }),
  kit.hidden('action-history/:serviceCode/:actionObject/:actionOn', 'Common.ActionHistory', {
    permissions: [perm('catalog:product:VIEW_AUDIT_LOG')],
  }),
]);
