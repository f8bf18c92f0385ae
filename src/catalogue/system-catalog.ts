import { moduleKit, perm } from './define.ts';
import { ATTRIBUTE_SET_MANAGEMENT } from './flags.ts';

/** routes.md §2.2 */
const kit = moduleKit({ path: '/system-catalog', title: 'SystemCatalog.Group', icon: 'library-outline', app: 'sellerCenterV2' });

export const systemCatalog = kit.group([
  kit.page('master-categories', 'SystemCatalog.MasterCategories', { permissions: [perm('catalog:master-category:read')] }),
  kit.page('units', 'SystemCatalog.Units', { permissions: [perm('catalog:unit:read')] }),
  kit.external('warehouse-locations', 'SystemCatalog.WarehouseLocations', {
    app: 'warehouse',
    src: '/locations',
    permissions: [perm('warehouse:location:read')],
  }),
  kit.page('category-mapping', 'SystemCatalog.CategoryMapping', { permissions: [perm('catalog:category-mapping:read')] }),
  // With attribute-set management on, these move to /products (products.ts).
  kit.page('attribute-sets', 'SystemCatalog.AttributeSets', {
    permissions: [perm('catalog:attribute-set:read')],
    hideWhenEnabledFlagKey: ATTRIBUTE_SET_MANAGEMENT,
  }),
  kit.page('attributes', 'SystemCatalog.Attributes', {
    permissions: [perm('catalog:attribute:read')],
    hideWhenEnabledFlagKey: ATTRIBUTE_SET_MANAGEMENT,
  }),
  kit.page('shipping-types', 'SystemCatalog.ShippingTypes', { permissions: [perm('catalog:shipping-type:read')] }),
]);
