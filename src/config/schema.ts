import { z } from 'zod/mini';
import { APP_KEYS } from './app-keys.ts';

/**
 * Runtime configuration served as /config.json beside the app (never baked into the bundle).
 * zod/mini keeps the validator out of the way of the initial-bundle budget.
 */

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' });
const text = z.string().check(z.minLength(1, 'must not be empty'));

export const brandSchema = z.object({
  appName: z._default(text, 'Staff Desktop'),
  logo: text,
  favicon: text,
  themeColor: z._default(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')), '#1e6fd9'),
});

export const ENVIRONMENTS = ['development', 'test', 'staging', 'production'] as const;
export const RIBBONS = ['TEST-1', 'DEV', 'STAG'] as const;

const configShape = z.object({
  environment: z.enum(ENVIRONMENTS),
  /** Environment ribbon text; null shows no ribbon. */
  ribbon: z._default(z.nullable(z.enum(RIBBONS)), null),
  brands: z.object({
    /** Used when location.host is not listed; absent means unknown hosts are refused. */
    default: z.optional(brandSchema),
    hosts: z._default(z.record(text, brandSchema), {}),
  }),
  /** Host names (without port) on which the admin-only route groups exist. */
  adminDomains: z._default(z.array(text), []),
  oidc: z.object({
    authority: httpUrl,
    clientId: text,
    scope: z._default(text, 'openid profile email phone offline_access'),
    /** The sign-in domain: embedded apps on it or its sub-domains may ask for user data. */
    domain: text,
  }),
  /** Origins that may use the frame protocol over plain http (local stacks only). */
  localFrameOrigins: z._default(z.array(httpUrl), []),
  /** Base address of each embedded app, by app key. */
  apps: z.partialRecord(z.enum(APP_KEYS), httpUrl),
  api: z.object({
    base: httpUrl,
    sellers: z.optional(httpUrl),
    flags: z.optional(httpUrl),
    tracking: z.optional(httpUrl),
    notification: z.optional(httpUrl),
  }),
  support: z.object({
    defaultEmail: z.email(),
    /** Support contact per host; falls back to defaultEmail. */
    hosts: z._default(z.record(text, z.email()), {}),
  }),
  /** Sellers allowed to see the combo promotion screen (routes.md §9). */
  comboPromotionSellerIds: z._default(z.array(z.number().check(z.int(), z.nonnegative())), []),
  trackerAppId: z._default(z.string(), ''),
  /**
   * Seller-support rules of routes.md §4: the sellers that support invoicing (invoice routes, VAT
   * reports) and the group parent seller (group-only sellout, debt and inventory reports). Absent:
   * the deployment has no such restriction and the checks are skipped.
   */
  sellerSupport: z.optional(
    z.object({
      invoicingSellerIds: z.array(z.number().check(z.int(), z.nonnegative())),
      groupParentSellerId: z.number().check(z.int(), z.nonnegative()),
    }),
  ),
  /**
   * Start-up timing. `snapshotMaxAgeHours`: a start snapshot older than this is not drawn (the full
   * start runs instead). `deadlineSeconds`: a start that has not reached the shell or a named state by
   * then shows what is still loading, with Retry and Log out.
   */
  startup: z._default(
    z.object({
      snapshotMaxAgeHours: z._default(z.number().check(z.positive()), 12),
      deadlineSeconds: z._default(z.number().check(z.positive()), 8),
    }),
    { snapshotMaxAgeHours: 12, deadlineSeconds: 8 },
  ),
  /**
   * Local stacks only: where the access explorer reads the demo users' permissions as presets
   * (dev/README.md). Production configs leave it out, so no user list ever ships with the portal.
   */
  accessPresets: z.optional(httpUrl),
  push: z.optional(
    z.object({
      notificationAppId: text,
      vapidKey: text,
      firebase: z.object({
        apiKey: text,
        projectId: text,
        messagingSenderId: text,
        appId: text,
        authDomain: z.optional(z.string()),
      }),
    }),
  ),
});

export const runtimeConfigSchema = z.pipe(
  configShape,
  z.transform((c) => ({
    ...c,
    // Each service may live elsewhere; by default they all sit behind the API base address.
    api: {
      base: c.api.base,
      sellers: c.api.sellers ?? c.api.base,
      flags: c.api.flags ?? c.api.base,
      tracking: c.api.tracking ?? c.api.base,
      notification: c.api.notification ?? c.api.base,
    },
  })),
);

export type RuntimeConfigInput = z.input<typeof runtimeConfigSchema>;
export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;
export type Brand = z.output<typeof brandSchema>;
export type Environment = (typeof ENVIRONMENTS)[number];
