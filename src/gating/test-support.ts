import { createGatingContext, type GatingContext, type GatingInput } from './context.ts';

/** For tests: a context with nothing granted, no flags, online, production, not an admin host, a site, no seller-support rules. */
export function gatingContext(overrides: Partial<GatingInput> = {}): GatingContext {
  return createGatingContext({
    permissions: [],
    roles: [],
    flags: {},
    isOfflineMode: false,
    isAdminDomain: false,
    environment: 'production',
    sellerId: 1,
    comboPromotionSellerIds: [],
    websiteIds: { web: null, app: null },
    hasSite: true,
    sellerSupport: null,
    ...overrides,
  });
}
