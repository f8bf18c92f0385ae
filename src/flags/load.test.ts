import { describe, expect, it, vi } from 'vitest';
import { FLAG_KEYS } from '../catalogue/flags.ts';
import type { CachedFlags, FlagrBatchRequest } from './flagr.ts';
import { loadFlags } from './load.ts';

const context = { sub: 'staff-2', sellerId: 2, platformId: 1 };

describe('loadFlags', () => {
  it("evaluates every flag key once for the user's sub, seller and platform, and answers the values", async () => {
    const evaluate = vi.fn(async (_request: FlagrBatchRequest) => ({ evaluationResults: [{ flagKey: FLAG_KEYS[0], variantKey: 'on' }] }));
    const writeCache = vi.fn(async (_flags: CachedFlags) => undefined);
    const values = await loadFlags(context, { evaluate, readCache: async () => undefined, writeCache, onFailure: vi.fn() });
    expect(evaluate).toHaveBeenCalledTimes(1);
    expect(evaluate.mock.calls[0]?.[0]).toMatchObject({
      entities: [{ entityID: 'staff-2', entityType: 'user', entityContext: { seller_id: 2, platformId: 1 } }],
      flagKeys: [...FLAG_KEYS],
    });
    expect(values[FLAG_KEYS[0]]).toBe(true);
    expect(Object.keys(values)).toHaveLength(FLAG_KEYS.length);
    expect(writeCache).toHaveBeenCalledWith(expect.objectContaining({ values }));
  });

  it('never rejects: a failing flag service answers the cached values for the same user and context', async () => {
    const cached: CachedFlags = {
      entity: { entityID: 'staff-2', entityType: 'user', entityContext: { seller_id: 2, platformId: 1 } },
      values: { [FLAG_KEYS[1]]: true },
      fetchedAt: Date.now(),
    };
    const onFailure = vi.fn();
    const evaluate = vi.fn(async () => Promise.reject(new Error('503')));
    vi.useFakeTimers();
    try {
      const loading = loadFlags(context, { evaluate, readCache: async () => cached, writeCache: vi.fn(), onFailure });
      await vi.runAllTimersAsync();
      expect(await loading).toEqual({ [FLAG_KEYS[1]]: true });
    } finally {
      vi.useRealTimers();
    }
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});
