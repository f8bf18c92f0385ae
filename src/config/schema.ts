import * as v from 'valibot';
import { serviceBases } from './service-bases.ts';
import { APP_KEYS } from './app-keys.ts';

/**
 * Runtime configuration served as /config.json beside the app (never baked into the bundle).
 * valibot: only the validators used here are bundled, which keeps them off the critical path's budget.
 */

const HTTP_URL = 'must be an http(s) address';
const httpUrl = v.pipe(v.string(), v.url(HTTP_URL), v.check((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), HTTP_URL));
const text = v.pipe(v.string(), v.minLength(1, 'must not be empty'));

const minutes = v.pipe(v.number(), v.minValue(1, 'must be at least 1 (minutes)'));
// Marked free of side effects so that a bundle that reaches this module without using the schema (the
// boot step, through config/load.ts) leaves it out.
const count = /* @__NO_SIDE_EFFECTS__ */ (min: number, max: number) =>
  v.pipe(
    v.number(),
    v.integer(),
    v.minValue(min),
    v.check((value) => value <= max, `must be at most ${max}`),
  );

/** A regular expression (Unicode mode, as the scanner compiles it): an invalid one fails the config, naming its field. */
const pattern = v.pipe(
  text,
  v.check((source) => {
    try {
      return RegExp(source, 'u') instanceof RegExp;
    } catch {
      return false;
    }
  }, 'must be a regular expression'),
);

/**
 * The scanner (README "Scanning"): `wedge`, how the device's keyboard-wedge scanner types a code (the
 * frame client's WedgeRules, which frames are welcomed with, within its WEDGE_LIMITS: written out here,
 * as reading them from there would keep them in the boot step; parse.test.ts holds the two together);
 * what a camera read sounds like; where the header's scan button shows (handheld layouts, always,
 * never); and scan to open: the first pattern a code matches opens its route, `{name}` filled with the
 * pattern's named group.
 */
export const scannerSchema = v.object({
  wedge: v.optional(
    v.object({
      suffix: v.optional(v.picklist(['Enter', 'Tab']), 'Enter'),
      prefix: v.optional(v.pipe(v.string(), v.regex(/^.{0,8}$/su)), ''),
      maxGapMs: v.optional(count(5, 100), 30),
      minLength: v.optional(count(1, 64), 4),
    }),
    {},
  ),
  feedback: v.optional(v.picklist(['beep', 'vibrate', 'both', 'none']), 'both'),
  button: v.optional(v.picklist(['handheld', 'always', 'never']), 'handheld'),
  open: v.optional(v.array(v.object({ pattern, route: v.pipe(v.string(), v.regex(/^\//)) })), []),
});

/**
 * A shared device (README "Shared devices"): handhelds that several people use in turn. Present on a
 * brand, it is on for that brand's host (or for every host the default brand serves); absent, the
 * portal behaves as on a personal device. The lock's countdown is the last minute before the lock.
 */
export const sharedDeviceSchema = v.pipe(
  v.object({
    /** No touch, key or scan for this long locks the screen. */
    idleLockMinutes: v.optional(minutes, 5),
    /** No touch, key or scan for this long ends the shift by itself. */
    idleEndMinutes: v.optional(minutes, 30),
    pin: v.optional(
      v.object({
        /** Digits of the shift's PIN. */
        length: v.optional(count(4, 8), 4),
        /** Wrong PINs in a row that end the shift. */
        tries: v.optional(count(1, 10), 5),
      }),
      { length: 4, tries: 5 },
    ),
    /** A badge's code: its group `login` (else its first group, else the whole code) names the person to the provider. */
    badge: v.optional(pattern),
  }),
  v.check((policy) => policy.idleEndMinutes > policy.idleLockMinutes, 'idleEndMinutes must be more than idleLockMinutes'),
);

export const brandSchema = v.object({
  appName: v.optional(text, 'Staff Desktop'),
  logo: text,
  favicon: text,
  themeColor: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')), '#1e6fd9'),
  sharedDevice: v.optional(sharedDeviceSchema),
  scanner: v.optional(scannerSchema, {}),
});

export const ENVIRONMENTS = ['development', 'test', 'staging', 'production'] as const;
export const RIBBONS = ['TEST-1', 'DEV', 'STAG'] as const;

const configShape = v.object({
  environment: v.picklist(ENVIRONMENTS),
  /** Environment ribbon text; null shows no ribbon. */
  ribbon: v.optional(v.nullable(v.picklist(RIBBONS)), null),
  brands: v.object({
    /** Used when location.host is not listed; absent means unknown hosts are refused. */
    default: v.optional(brandSchema),
    hosts: v.optional(v.record(text, brandSchema), {}),
  }),
  /** Host names (without port) on which the admin-only route groups exist. */
  adminDomains: v.optional(v.array(text), []),
  oidc: v.object({
    authority: httpUrl,
    clientId: text,
    scope: v.optional(text, 'openid profile email phone offline_access'),
    /** The sign-in domain: embedded apps on it or its sub-domains may ask for user data. */
    domain: text,
  }),
  /** Origins that may use the frame protocol over plain http (local stacks only). */
  localFrameOrigins: v.optional(v.array(httpUrl), []),
  /** Base address of each embedded app, by app key. */
  apps: v.record(v.picklist(APP_KEYS), httpUrl),
  /**
   * The API base addresses each embedded app may write to through the shell's outbox, by app key (an
   * app not listed may write nowhere). A write's address must lie under one of them: same origin,
   * the base's path as its first segments.
   */
  appApis: v.optional(v.record(v.picklist(APP_KEYS), v.array(httpUrl)), {}),
  api: v.object({
    base: httpUrl,
    sellers: v.optional(httpUrl),
    flags: v.optional(httpUrl),
    tracking: v.optional(httpUrl),
    notification: v.optional(httpUrl),
  }),
  support: v.object({
    defaultEmail: v.pipe(v.string(), v.email()),
    /** Support contact per host; falls back to defaultEmail. */
    hosts: v.optional(v.record(text, v.pipe(v.string(), v.email())), {}),
  }),
  /** Sellers allowed to see the combo promotion screen (routes.md §9). */
  comboPromotionSellerIds: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), []),
  trackerAppId: v.optional(v.string(), ''),
  /**
   * Seller-support rules of routes.md §4: the sellers that support invoicing (invoice routes, VAT
   * reports) and the group parent seller (group-only sellout, debt and inventory reports). Absent:
   * the deployment has no such restriction and the checks are skipped.
   */
  sellerSupport: v.optional(
    v.object({
      invoicingSellerIds: v.array(v.pipe(v.number(), v.integer(), v.minValue(0))),
      groupParentSellerId: v.pipe(v.number(), v.integer(), v.minValue(0)),
    }),
  ),
  /**
   * Start-up timing. `snapshotMaxAgeHours`: a start snapshot older than this is not drawn (the full
   * start runs instead). `deadlineSeconds`: a start that has not reached the shell or a named state by
   * then shows what is still loading, with Retry and Log out.
   */
  startup: v.optional(
    v.object({
      snapshotMaxAgeHours: v.optional(v.pipe(v.number(), v.gtValue(0)), 12),
      deadlineSeconds: v.optional(v.pipe(v.number(), v.gtValue(0)), 8),
    }),
    { snapshotMaxAgeHours: 12, deadlineSeconds: 8 },
  ),
  /**
   * Embedded frames (README "Frame protocol: routing in place and warm frames"): how long a frame moved in
   * place has to answer before it gets a new document (default 1000 ms), and how many apps are kept warm
   * on the handheld layout (default 2) and on wider ones (default 4); none where the device has 2 GB of
   * memory or less. The defaults live with the code that loads after the first screen (frames/after-idle.ts).
   */
  frames: v.optional(
    v.object({
      navigateAnswerMs: v.optional(count(100, 10_000)),
      warmHandheld: v.optional(count(0, 6)),
      warmDesktop: v.optional(count(0, 6)),
    }),
    {},
  ),
  /**
   * Local stacks only: where the access explorer reads the demo users' permissions as presets
   * (dev/README.md). Production configs leave it out, so no user list ever ships with the portal.
   */
  accessPresets: v.optional(httpUrl),
  push: v.optional(
    v.object({
      notificationAppId: text,
      vapidKey: text,
      firebase: v.object({
        apiKey: text,
        projectId: text,
        messagingSenderId: text,
        appId: text,
        authDomain: v.optional(v.string()),
      }),
    }),
  ),
});

export const runtimeConfigSchema = v.pipe(
  configShape,
  v.transform((c) => ({ ...c, api: serviceBases(c.api) })),
);


/** A problem of a runtime config: where (dotted path, empty at the root) and what. */
export interface ConfigIssue {
  path: string;
  message: string;
}

/** Validates a runtime config: the config with its defaults, or every problem found. */
export function checkRuntimeConfig(json: unknown): { ok: true; config: RuntimeConfig } | { ok: false; issues: ConfigIssue[] } {
  const parsed = v.safeParse(runtimeConfigSchema, json);
  if (parsed.success) return { ok: true, config: parsed.output };
  return { ok: false, issues: parsed.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message })) };
}

export type RuntimeConfigInput = v.InferInput<typeof runtimeConfigSchema>;
export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>;
export type Brand = v.InferOutput<typeof brandSchema>;
export type SharedDevicePolicy = v.InferOutput<typeof sharedDeviceSchema>;
export type ScannerSettings = v.InferOutput<typeof scannerSchema>;
export type Environment = (typeof ENVIRONMENTS)[number];
