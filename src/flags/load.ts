import { FLAG_KEYS } from '../catalogue/flags.ts';
import type { CachedFlags, FlagrBatchAnswer, FlagrBatchRequest, FlagValues } from './flagr.ts';

export interface FlagLoadOptions {
  evaluate(request: FlagrBatchRequest): Promise<FlagrBatchAnswer>;
  readCache(): Promise<CachedFlags | undefined>;
  writeCache(flags: CachedFlags): Promise<void>;
  onFailure(error: unknown): void;
}

/** The OpenFeature SDK and the Flagr provider: a chunk of their own, started early by `preloadFlagModules`. */
const flagModules = () => Promise.all([import('@openfeature/web-sdk'), import('./flagr-provider.ts')]);
export const preloadFlagModules = (): void => void flagModules();

/**
 * Evaluates every flag the catalogue and shell use through OpenFeature with the Flagr provider, for
 * the user's sub and the current seller and platform. Loaded lazily: only signed-in start-up needs it.
 */
export async function loadFlags(
  context: { sub: string; sellerId: number | null; platformId: number | null },
  options: FlagLoadOptions,
): Promise<FlagValues> {
  const [{ OpenFeature }, { FlagrProvider }] = await flagModules();
  const provider = new FlagrProvider({ flagKeys: FLAG_KEYS, ...options });
  await OpenFeature.setProviderAndWait(provider, { targetingKey: context.sub, sellerId: context.sellerId, platformId: context.platformId });
  return provider.snapshot();
}
