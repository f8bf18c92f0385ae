import { z } from 'zod';
import { APP_KEYS } from './app-keys.ts';

/** Runtime configuration served as /config.json beside the app (never baked into the bundle). */

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' });
const hostName = z.string().min(1);

export const brandSchema = z.object({
  appName: z.string().min(1).default('Staff Desktop'),
  logo: z.string().min(1),
  favicon: z.string().min(1),
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).default('#1e6fd9'),
});

export const ENVIRONMENTS = ['development', 'test', 'staging', 'production'] as const;
export const RIBBONS = ['TEST-1', 'DEV', 'STAG'] as const;

export const runtimeConfigSchema = z
  .object({
    environment: z.enum(ENVIRONMENTS),
    /** Environment ribbon text; null shows no ribbon. */
    ribbon: z.enum(RIBBONS).nullable().default(null),
    brands: z.object({
      /** Used when location.host is not listed; absent means unknown hosts are refused. */
      default: brandSchema.optional(),
      hosts: z.record(hostName, brandSchema).default({}),
    }),
    /** Host names (without port) on which the admin-only route groups exist. */
    adminDomains: z.array(hostName).default([]),
    oidc: z.object({
      authority: httpUrl,
      clientId: z.string().min(1),
      scope: z.string().min(1).default('openid profile email phone offline_access'),
      /** The sign-in domain: embedded apps on it or its sub-domains may ask for user data. */
      domain: hostName,
    }),
    /** Origins that may use the frame protocol over plain http (local stacks only). */
    localFrameOrigins: z.array(httpUrl).default([]),
    /** Base address of each embedded app, by app key. */
    apps: z.partialRecord(z.enum(APP_KEYS), httpUrl),
    api: z.object({
      base: httpUrl,
      sellers: httpUrl.optional(),
      flags: httpUrl.optional(),
      tracking: httpUrl.optional(),
      notification: httpUrl.optional(),
    }),
    support: z.object({
      defaultEmail: z.email(),
      /** Support contact per host; falls back to defaultEmail. */
      hosts: z.record(hostName, z.email()).default({}),
    }),
    /** Sellers allowed to see the combo promotion screen (routes.md §9). */
    comboPromotionSellerIds: z.array(z.number().int().nonnegative()).default([]),
    trackerAppId: z.string().default(''),
    push: z
      .object({
        notificationAppId: z.string().min(1),
        vapidKey: z.string().min(1),
        firebase: z.object({
          apiKey: z.string().min(1),
          projectId: z.string().min(1),
          messagingSenderId: z.string().min(1),
          appId: z.string().min(1),
          authDomain: z.string().optional(),
        }),
      })
      .optional(),
  })
  .transform((c) => ({
    ...c,
    api: {
      base: c.api.base,
      sellers: c.api.sellers ?? c.api.base,
      flags: c.api.flags ?? c.api.base,
      tracking: c.api.tracking ?? c.api.base,
      notification: c.api.notification ?? c.api.base,
    },
  }));

export type RuntimeConfigInput = z.input<typeof runtimeConfigSchema>;
export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;
export type Brand = z.output<typeof brandSchema>;
export type Environment = (typeof ENVIRONMENTS)[number];
