/** Flagr's batch evaluation format (POST /api/v1/evaluation/batch) and the rules around it. Pure. */

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

export type FlagValues = Record<string, boolean>;

export interface CachedFlags {
  entity: FlagEntity;
  values: FlagValues;
  fetchedAt: number;
}

/** Stale allowance when the flag service fails (shell.md §9: 1800 s). */
export const FLAG_STALE_MS = 1800 * 1000;
export const FLAG_RETRIES = 3;

export function batchRequest(entity: FlagEntity, flagKeys: readonly string[]): FlagrBatchRequest {
  return { entities: [entity], flagKeys: [...flagKeys] };
}

/** A flag is enabled when Flagr picks its 'on' variant; anything else (or no result) is off. */
export function flagValuesFrom(answer: FlagrBatchAnswer, flagKeys: readonly string[]): FlagValues {
  const values: FlagValues = Object.fromEntries(flagKeys.map((key) => [key, false]));
  for (const result of answer.evaluationResults ?? []) {
    if (typeof result?.flagKey === 'string' && result.flagKey in values) {
      values[result.flagKey] = result.variantKey === 'on' || result.variantKey === 'enabled' || result.variantKey === true;
    }
  }
  return values;
}

const sameEntity = (a: FlagEntity, b: FlagEntity) =>
  a.entityID === b.entityID &&
  a.entityContext.seller_id === b.entityContext.seller_id &&
  a.entityContext.platformId === b.entityContext.platformId;

/** Cached results stand in for a failing service for 30 minutes, and only for the same user and context. */
export function usableCachedFlags(cached: CachedFlags | undefined, entity: FlagEntity, now: number): FlagValues | null {
  if (!cached || !sameEntity(cached.entity, entity)) return null;
  const age = now - cached.fetchedAt;
  return age >= 0 && age <= FLAG_STALE_MS ? cached.values : null;
}
