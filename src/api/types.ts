import * as v from 'valibot';

/** Answer shapes of the calls of shell.md §7, validated so a malformed answer is an error, not a crash. */

export const numberDisplayFormatSchema = v.object({
  thousandSeparator: v.string(),
  decimalSeparator: v.string(),
});
export type NumberDisplayFormat = v.InferOutput<typeof numberDisplayFormatSchema>;

export const platformSchema = v.object({
  id: v.number(),
  code: v.optional(v.string()),
  name: v.string(),
  numberDisplayFormat: v.optional(numberDisplayFormatSchema),
});
export type Platform = v.InferOutput<typeof platformSchema>;

export const sellerSchema = v.looseObject({
  id: v.number(),
  code: v.optional(v.string()),
  name: v.string(),
  displayName: v.optional(v.nullable(v.string())),
  logoUrl: v.optional(v.nullable(v.string())),
  isActive: v.optional(v.boolean(), true),
  platformId: v.optional(v.number()),
});
export type Seller = v.InferOutput<typeof sellerSchema>;

export const siteSchema = v.object({ id: v.number(), name: v.string() });
export type Site = v.InferOutput<typeof siteSchema>;

export const websiteSchema = v.looseObject({
  type: v.picklist(['WEB', 'APP']),
  tempiWebsiteId: v.union([v.string(), v.number()]),
});
export type Website = v.InferOutput<typeof websiteSchema>;

export const upgradeWindowSchema = v.object({
  pathPrefix: v.string(),
  from: v.string(),
  to: v.string(),
  service: v.string(),
  translationKey: v.optional(v.string()),
});
export type UpgradeWindowConfig = v.InferOutput<typeof upgradeWindowSchema>;

/** Parses an answer or throws a clear error naming the call. */
/**
 * The key the API hands a signed-in user for sealing their kept writes (GET /api/v1/outbox/key): 32
 * bytes in base64url, and its id.
 */
export const handedKeySchema = v.object({
  keyId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/)),
  key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 bytes in base64url')),
});
export type HandedKey = v.InferOutput<typeof handedKeySchema>;

export function parseAnswer<T>(schema: v.GenericSchema<unknown, T>, data: unknown, call: string): T {
  const result = v.safeParse(schema, data);
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`Unexpected answer from ${call}: ${v.getDotPath(issue) ?? ''} ${issue.message}`.trim());
  }
  return result.output;
}

/** Flagr's batch evaluation format (POST /api/v1/evaluation/batch). */
export interface FlagEntity {
  /** The user's sub (shell.md §7). */
  entityID: string;
  entityType: 'user';
  entityContext: { seller_id: number | null; platformId: number | null };
}

export interface FlagrBatchRequest {
  entities: FlagEntity[];
  flagKeys: string[];
}

export interface FlagrBatchAnswer {
  evaluationResults?: Array<{ flagKey?: unknown; variantKey?: unknown }>;
}
