import { FLAG_KEYS } from '../catalogue/flags.ts';
import type { FlagrBatchAnswer, FlagrBatchRequest } from '../api/types.ts';
import { batchRequest, entityFrom, usableCachedFlags, type CachedFlags, type FlagValues } from './flagr.ts';
import { FlagrProvider } from './flagr-provider.ts';

export interface FlagLoadOptions {
  evaluate(request: FlagrBatchRequest): Promise<FlagrBatchAnswer>;
  readCache(): Promise<CachedFlags | undefined>;
  writeCache(flags: CachedFlags): Promise<void>;
  onFailure(error: unknown): void;
}

/** A start's flags are evaluated for the user and the seller and platform known so far. */
export type StartFlagContext = { sub: string; sellerId: number | null; platformId: number | null };
const evaluationContext = (context: StartFlagContext) => ({ targetingKey: context.sub, sellerId: context.sellerId, platformId: context.platformId });

/**
 * Evaluates every flag the catalogue and shell use with the Flagr provider, for the user's sub and
 * the current seller and platform.
 *
 * The provider is an OpenFeature provider, but start-up initializes it itself instead of through
 * `OpenFeature.setProviderAndWait`: the shell reads the flags once from the provider's snapshot and
 * nothing evaluates them through an OpenFeature client, so the SDK (10 KB gzip) would only lengthen
 * the critical path before the first frame. The provider never rejects: failures fall
 * back to the cache or to every flag off, as they did through the SDK.
 */
export async function loadFlags(
  context: StartFlagContext,
  options: FlagLoadOptions,
): Promise<FlagValues> {
  const provider = new FlagrProvider({ flagKeys: FLAG_KEYS, ...options });
  await provider.initialize(evaluationContext(context));
  return provider.snapshot();
}

/** The batch `loadFlags` sends first for `context`: the boot step sends the same before the app has loaded (start/early-calls.ts). */
export const firstFlagRequest = (context: StartFlagContext): FlagrBatchRequest => batchRequest(entityFrom(evaluationContext(context)), FLAG_KEYS);

/**
 * `loadFlags` within a time budget (the start-up deadline): past it, the start goes on with the
 * cached flags of this user, seller and platform when fresh enough (shell.md §9: 1800 s), else none —
 * the same fallback as a failing flag service. The failure is reported through `onFailure`.
 */
export function loadFlagsWithin(
  budgetMs: number,
  context: StartFlagContext,
  options: FlagLoadOptions,
  now: () => number = Date.now,
): Promise<FlagValues> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      options.onFailure(new Error(`flags took longer than ${budgetMs} ms`));
      const entity = entityFrom(evaluationContext(context));
      void options
        .readCache()
        .catch(() => undefined)
        .then((cached) => resolve(usableCachedFlags(cached, entity, now()) ?? {}));
    }, budgetMs);
    void loadFlags(context, options).then(
      (values) => (clearTimeout(timer), resolve(values)),
      () => (clearTimeout(timer), resolve({})),
    );
  });
}
