import { APP_KEYS, type AppKey } from '../src/config/app-keys.ts';
import { checkRuntimeConfig, type RuntimeConfigInput } from '../src/config/schema.ts';
import { ADMIN_HOSTS, apiOrigin, appOrigin, issuerUrl, SIGN_IN_DOMAIN } from './hosts.ts';

/** The part of the portal's runtime config that comes from the fixtures (portal.json). */
export type PortalSettings = Pick<RuntimeConfigInput, 'brands' | 'support' | 'comboPromotionSellerIds' | 'trackerAppId' | 'sellerSupport' | 'push'>;

export interface StackPorts {
  idp: number;
  api: number;
  apps: number;
}

/** The portal asks for these at sign-in; `staff-api` makes the provider issue JWT access tokens for the API. */
export const PORTAL_SCOPE = 'openid profile email phone offline_access staff-api';
export const PORTAL_CLIENT_ID = 'staff-portal';

export function appOrigins(appsPort: number): Record<AppKey, string> {
  return Object.fromEntries(APP_KEYS.map((key) => [key, appOrigin(key, appsPort)])) as Record<AppKey, string>;
}

/** The config as written, before validation (also used to validate portal.json in isolation). */
export function stackConfigInput(ports: StackPorts, portal: PortalSettings): RuntimeConfigInput {
  const apps = appOrigins(ports.apps);
  return {
    environment: 'development',
    ribbon: 'DEV',
    // No default brand: an unknown host (e.g. unknown.localhost) must show the config-not-found page.
    brands: { hosts: portal.brands.hosts },
    adminDomains: ADMIN_HOSTS,
    oidc: { authority: issuerUrl(ports.idp), clientId: PORTAL_CLIENT_ID, scope: PORTAL_SCOPE, domain: SIGN_IN_DOMAIN },
    localFrameOrigins: Object.values(apps),
    apps,
    // The sample POS sells through the outbox to the local API's POS endpoints.
    appApis: { pos: [`${apiOrigin(ports.api)}/api/v1/pos`] },
    api: { base: apiOrigin(ports.api) },
    support: portal.support,
    comboPromotionSellerIds: portal.comboPromotionSellerIds,
    trackerAppId: portal.trackerAppId,
    sellerSupport: portal.sellerSupport,
    push: portal.push,
    accessPresets: `${apiOrigin(ports.api)}/api/v1/dev/access-presets`,
  };
}

/** The portal's runtime config on this stack, validated with the portal's own schema. */
export function buildStackConfig(ports: StackPorts, portal: PortalSettings): RuntimeConfigInput {
  const input = stackConfigInput(ports, portal);
  const checked = checkRuntimeConfig(input);
  if (!checked.ok) {
    const issues = checked.issues.map((issue) => `${issue.path}: ${issue.message}`);
    throw new Error(`The generated portal config is invalid:\n  ${issues.join('\n  ')}`);
  }
  return input;
}
