import { moduleKit, perm } from './define.ts';
import { ADDITIONAL_SERVICES, MARKETPLACE_CONNECTOR_V2 } from './flags.ts';

/** routes.md §2.18: seller centre v2 pages, checked against the staff and seller services. */
const kit = moduleKit({ path: '/settings', title: 'Settings.Group', icon: 'settings-outline', app: 'sellerCenterV2' });

const connector = [perm('sellers:marketplace-connector:read')];
const shipping = [perm('sellers:shipping-service:read')];
const shippingPolicy = [perm('sellers:shipping-policy:update')];
const additional = { flagKey: ADDITIONAL_SERVICES } as const;

export const settings = kit.group([
  kit.page('monetary-approval/discount-approval', 'Settings.DiscountApproval', { permissions: [perm('staff-bff:discount-approval:read')] }),
  kit.page('return-reasons', 'Settings.ReturnReasons', { permissions: [perm('sellers:return-reason:read')] }),
  kit.page('loyalty-program', 'Settings.LoyaltyProgram', { permissions: [perm('sellers:loyalty-program:read')] }),
  // One path, two pages: seller centre v1's connector until the v2 flag is on.
  kit.page('marketplace-connector', 'Settings.MarketplaceConnector', {
    app: 'sellerCenter',
    permissions: connector,
    hideWhenEnabledFlagKey: MARKETPLACE_CONNECTOR_V2,
  }),
  kit.page('marketplace-connector', 'Settings.MarketplaceConnector', { permissions: connector, flagKey: MARKETPLACE_CONNECTOR_V2 }),
  kit.page('delivery-providers', 'Settings.DeliveryProviders', { permissions: [perm('sellers:delivery-provider:read')] }),
  kit.page('shipping-services', 'Settings.ShippingServices', { permissions: shipping }),
  kit.hidden('shipping-services/policy/create', 'Settings.ShippingPolicyCreate', { permissions: shippingPolicy }),
  kit.hidden('shipping-services/policy/:policyId', 'Settings.ShippingPolicy', { permissions: shippingPolicy }),
  kit.page('additional-services', 'Settings.AdditionalServices', { ...additional, permissions: shipping }),
  kit.hidden('additional-services/policy/create', 'Settings.AdditionalPolicyCreate', { ...additional, permissions: shippingPolicy }),
  kit.hidden('additional-services/policy/:policyId', 'Settings.AdditionalPolicy', { ...additional, permissions: shippingPolicy }),
  kit.page('cod-services', 'Settings.CodServices', { permissions: [perm('sellers:cod-service:read')] }),
  kit.page('payment-methods', 'Settings.PaymentMethods', { permissions: [perm('sellers:payment-method:read')] }),
  kit.page('terminals-sposes', 'Settings.TerminalsSposes', { permissions: [perm('sellers:terminal:read')] }),
  kit.page('policies', 'Settings.Policies', { permissions: [perm('staff-bff:policy:read')] }),
  kit.page('synonyms', 'Settings.Synonyms', { permissions: [perm('catalog:synonym:read')] }),
  kit.page('deb-approval-config', 'Settings.DebtApprovalConfig', { permissions: [perm('staff-bff:debt-approval:read')] }),
]);
