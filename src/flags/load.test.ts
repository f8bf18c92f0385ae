import { describe, expect, it, vi } from 'vitest';
import { FLAG_KEYS } from '../catalogue/flags.ts';
import type { FlagrBatchRequest } from '../api/types.ts';
import type { CachedFlags } from './flagr.ts';
import { loadFlags, loadFlagsWithin } from './load.ts';

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

describe('loadFlagsWithin', () => {
  const writeCache = async () => undefined;
  const entity = { entityID: 'staff-2', entityType: 'user' as const, entityContext: { seller_id: 2, platformId: 1 } };
  const never = () => new Promise<never>(() => undefined);

  it('answers the service when it answers within the budget', async () => {
    const onFailure = vi.fn();
    const evaluate = vi.fn(async () => ({ evaluationResults: [{ flagKey: FLAG_KEYS[0], variantKey: 'on' }] }));
    const values = await loadFlagsWithin(1000, context, { evaluate, readCache: async () => undefined, writeCache, onFailure });
    expect(values[FLAG_KEYS[0]]).toBe(true);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it.each([
    ['fresh cache of the same user and context', { entity, values: { [FLAG_KEYS[1]]: true }, fetchedAt: 1_000_000 }, { [FLAG_KEYS[1]]: true }],
    ['cache older than 1800 s', { entity, values: { [FLAG_KEYS[1]]: true }, fetchedAt: 1_000_000 - 1_801_000 }, {}],
    ["another seller's cache", { entity: { ...entity, entityContext: { seller_id: 3, platformId: 1 } }, values: { [FLAG_KEYS[1]]: true }, fetchedAt: 1_000_000 }, {}],
    ['no cache', undefined, {}],
  ] as const)('past the budget, a silent service gives way to the %s', async (_case, cached, expected) => {
    const onFailure = vi.fn();
    vi.useFakeTimers();
    try {
      const loading = loadFlagsWithin(500, context, { evaluate: never, readCache: async () => cached as CachedFlags | undefined, writeCache, onFailure }, () => 1_000_000);
      await vi.advanceTimersByTimeAsync(500);
      expect(await loading).toEqual(expected);
    } finally {
      vi.useRealTimers();
    }
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ message: 'flags took longer than 500 ms' }));
  });

  it('a cache that cannot be read past the budget means every flag off, not a hang', async () => {
    vi.useFakeTimers();
    try {
      const loading = loadFlagsWithin(500, context, { evaluate: never, readCache: () => Promise.reject(new Error('IndexedDB broken')), writeCache, onFailure: vi.fn() });
      await vi.advanceTimersByTimeAsync(500);
      expect(await loading).toEqual({});
    } finally {
      vi.useRealTimers();
    }
  });
});
