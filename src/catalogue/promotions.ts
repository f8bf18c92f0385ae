import { listPages, moduleKit, perm } from './define.ts';
import { COMBO_PROMOTION } from './flags.ts';

/** routes.md §2.8: promotion web pages; QR promotions and buckets belong to the staff service. */
const kit = moduleKit({ path: '/promotions', title: 'Promotions.Group', icon: 'pricetags-outline', app: 'promotion' });

export const promotions = kit.group([
  listPages(kit, 'campaigns', 'Promotions.Campaigns', 'promotion:campaign', ['create', ':id']),
  listPages(kit, 'promotions', 'Promotions.Promotions', 'promotion:promotion', [':id']),
  listPages(kit, 'shipping-fee-promotions', 'Promotions.ShippingFeePromotions', 'promotion:shipping-fee-promotion', ['create', ':id']),
  kit.page('combo-promotions', 'Promotions.ComboPromotions', {
    permissions: [perm('promotion:combo-promotion:read')],
    flagKey: COMBO_PROMOTION,
    sellerAllowList: 'comboPromotion',
  }),
  kit.page('qr-promotions/create', 'Promotions.QrPromotionsCreate', { permissions: [perm('staff-bff:qr-promotion:create')] }),
  listPages(kit, 'flash-sales', 'Promotions.FlashSales', 'promotion:flash-sale', ['create', ':id']),
  listPages(kit, 'coupons', 'Promotions.Coupons', 'promotion:coupon', ['create', ':id']),
  kit.page('coupons/tracking', 'Promotions.CouponsTracking', { permissions: [perm('promotion:coupon:TRACKING')] }),
  // Budgets span every seller of the platform, hence the multi-seller action.
  kit.page('budgets', 'Promotions.Budgets', { permissions: [perm('promotion:budget:READ_MULTI_SELLERS')] }),
  kit.hidden('budgets/:id', 'Promotions.BudgetsDetail', { permissions: [perm('promotion:budget:READ_MULTI_SELLERS')] }),
  listPages(kit, 'gift-codes', 'Promotions.GiftCodes', 'promotion:gift-code', [':id', 'create']),
  kit.page('buckets', 'Promotions.Buckets', { permissions: [perm('staff-bff:bucket:read')] }),
  kit.page('check-coupon', 'Promotions.CheckCoupon', { permissions: [perm('promotion:coupon:read')] }),
]);
