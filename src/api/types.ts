import { z } from 'zod/mini';

/** Answer shapes of the calls of shell.md §7, validated so a malformed answer is an error, not a crash. */

export const numberDisplayFormatSchema = z.object({
  thousandSeparator: z.string(),
  decimalSeparator: z.string(),
});
export type NumberDisplayFormat = z.infer<typeof numberDisplayFormatSchema>;

export const platformSchema = z.object({
  id: z.number(),
  code: z.optional(z.string()),
  name: z.string(),
  numberDisplayFormat: z.optional(numberDisplayFormatSchema),
});
export type Platform = z.infer<typeof platformSchema>;

export const sellerSchema = z.looseObject({
  id: z.number(),
  code: z.optional(z.string()),
  name: z.string(),
  displayName: z.optional(z.nullable(z.string())),
  logoUrl: z.optional(z.nullable(z.string())),
  isActive: z._default(z.boolean(), true),
  platformId: z.optional(z.number()),
});
export type Seller = z.infer<typeof sellerSchema>;

export const siteSchema = z.object({ id: z.number(), name: z.string() });
export type Site = z.infer<typeof siteSchema>;

export const websiteSchema = z.looseObject({
  type: z.enum(['WEB', 'APP']),
  tempiWebsiteId: z.union([z.string(), z.number()]),
});
export type Website = z.infer<typeof websiteSchema>;

export const upgradeWindowSchema = z.object({
  pathPrefix: z.string(),
  from: z.string(),
  to: z.string(),
  service: z.string(),
  translationKey: z.optional(z.string()),
});
export type UpgradeWindowConfig = z.infer<typeof upgradeWindowSchema>;

/** Parses an answer or throws a clear error naming the call. */
export function parseAnswer<T>(schema: z.ZodMiniType<T>, data: unknown, call: string): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Unexpected answer from ${call}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
  }
  return result.data;
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
