import type { EvaluationContext, JsonValue, Provider, ResolutionDetails } from '@openfeature/web-sdk';
import { mayAnswerOtherwise, withRetry } from '../api/retry.ts';
import type { FlagrBatchAnswer, FlagrBatchRequest } from '../api/types.ts';
import {
  batchRequest,
  entityFrom,
  FLAG_RETRIES,
  flagValuesFrom,
  usableCachedFlags,
  type CachedFlags,
  type FlagValues,
} from './flagr.ts';

export interface FlagrProviderOptions {
  flagKeys: readonly string[];
  evaluate(request: FlagrBatchRequest): Promise<FlagrBatchAnswer>;
  readCache(): Promise<CachedFlags | undefined>;
  writeCache(flags: CachedFlags): Promise<void>;
  /** Flag errors are tracked, never shown (shell.md §8). */
  onFailure(error: unknown): void;
  now?: () => number;
  retryDelayMs?: number;
}

/**
 * An OpenFeature provider for Flagr's batch API: all flags are evaluated at once when the context is
 * set (3 retries with back-off), then answered synchronously. When the service fails, results cached
 * for the same user and context are reused for up to 30 minutes; otherwise every flag is off.
 */
export class FlagrProvider implements Provider {
  readonly runsOn = 'client';
  readonly metadata = { name: 'flagr-batch' } as const;
  private values: FlagValues = {};
  private reason: 'TARGETING_MATCH' | 'CACHED' | 'ERROR' = 'ERROR';

  constructor(private readonly options: FlagrProviderOptions) {}

  initialize(context: EvaluationContext = {}): Promise<void> {
    return this.load(context);
  }

  onContextChange(_old: EvaluationContext, context: EvaluationContext): Promise<void> {
    return this.load(context);
  }

  private async load(context: EvaluationContext): Promise<void> {
    const entity = entityFrom(context);
    const now = this.options.now ?? Date.now;
    try {
      const answer = await withRetry(() => this.options.evaluate(batchRequest(entity, this.options.flagKeys)), {
        retries: FLAG_RETRIES,
        baseDelayMs: this.options.retryDelayMs,
        // A refusal (403 for a user without permissions) is final: three more would only hold the start.
        shouldRetry: mayAnswerOtherwise,
      });
      this.values = flagValuesFrom(answer, this.options.flagKeys);
      this.reason = 'TARGETING_MATCH';
      // Not awaited: the copy is for a later start whose flag service fails, and the start need not wait for the database.
      void this.options.writeCache({ entity, values: this.values, fetchedAt: now() }).catch(() => undefined);
    } catch (error) {
      this.options.onFailure(error);
      const cached = usableCachedFlags(await this.options.readCache().catch(() => undefined), entity, now());
      this.values = cached ?? {};
      this.reason = cached ? 'CACHED' : 'ERROR';
    }
  }

  /** Every known flag's value, for the menu's gating context. */
  snapshot(): FlagValues {
    return { ...this.values };
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    const value = this.values[flagKey];
    return value === undefined ? { value: defaultValue, reason: 'DEFAULT' } : { value, reason: this.reason, variant: value ? 'on' : 'off' };
  }

  // Flagr variants here are on/off only; other flag types answer their defaults.
  resolveStringEvaluation(_key: string, defaultValue: string): ResolutionDetails<string> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }

  resolveNumberEvaluation(_key: string, defaultValue: number): ResolutionDetails<number> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }

  resolveObjectEvaluation<T extends JsonValue>(_key: string, defaultValue: T): ResolutionDetails<T> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }
}
