import type { FlagEntity, FlagrBatchAnswer, FlagrBatchRequest } from '../api/types.ts';

/** The rules around Flagr's batch evaluation (its wire format is in api/types.ts). Pure. */

export type FlagValues = Record<string, boolean>;

export interface CachedFlags {
  entity: FlagEntity;
  values: FlagValues;
  fetchedAt: number;
}

/** Stale allowance when the flag service fails (shell.md §9: 1800 s). */
export const FLAG_STALE_MS = 1800 * 1000;
export const FLAG_RETRIES = 3;

/** The evaluation context the shell sets: the user's sub and the current seller and platform. */
export function entityFrom(context: { targetingKey?: unknown; sellerId?: unknown; platformId?: unknown }): FlagEntity {
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    entityID: String(context.targetingKey ?? ''),
    entityType: 'user',
    entityContext: { seller_id: number(context.sellerId), platformId: number(context.platformId) },
  };
}

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
