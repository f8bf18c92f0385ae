import { OpenFeature } from '@openfeature/web-sdk';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import type { FlagEntity } from '../api/types.ts';
import { FLAG_STALE_MS, flagValuesFrom, usableCachedFlags, type CachedFlags } from './flagr.ts';
import { FlagrProvider } from './flagr-provider.ts';

const entity: FlagEntity = { entityID: 'staff-1', entityType: 'user', entityContext: { seller_id: 2, platformId: 1 } };

describe('flagValuesFrom', () => {
  it('maps on variants to true and everything else, including missing results, to false', () => {
    const answer = {
      evaluationResults: [
        { flagKey: 'a', variantKey: 'on' },
        { flagKey: 'b', variantKey: 'off' },
        { flagKey: 'unknown', variantKey: 'on' },
        { flagKey: 42, variantKey: 'on' },
      ],
    };
    expect(flagValuesFrom(answer, ['a', 'b', 'c'])).toEqual({ a: true, b: false, c: false });
    expect(flagValuesFrom({}, ['a'])).toEqual({ a: false });
  });
});

describe('usableCachedFlags (stale allowance 1800 s)', () => {
  const cached: CachedFlags = { entity, values: { a: true }, fetchedAt: 1_000_000 };
  it.each([
    ['fresh', entity, 1_000_000 + 1000, { a: true }],
    ['exactly 30 minutes old', entity, 1_000_000 + FLAG_STALE_MS, { a: true }],
    ['older than 30 minutes', entity, 1_000_000 + FLAG_STALE_MS + 1, null],
    ['another user', { ...entity, entityID: 'staff-2' }, 1_000_001, null],
    ['another seller', { ...entity, entityContext: { seller_id: 3, platformId: 1 } }, 1_000_001, null],
    ['from the future (clock moved back)', entity, 999_000, null],
  ])('%s', (_name, who, now, expected) => expect(usableCachedFlags(cached, who, now)).toEqual(expected));

  it('nothing cached', () => expect(usableCachedFlags(undefined, entity, 0)).toBeNull());
});

describe('FlagrProvider through OpenFeature', () => {
  const context = { targetingKey: 'staff-1', sellerId: 2, platformId: 1 };

  function setup(evaluate: (request: unknown) => Promise<unknown>, cached?: CachedFlags) {
    const writeCache = vi.fn(async () => undefined);
    const onFailure = vi.fn();
    const provider = new FlagrProvider({
      flagKeys: ['website-editor', 'hide-support-button'],
      evaluate: vi.fn(evaluate) as never,
      readCache: async () => cached,
      writeCache,
      onFailure,
      now: () => 2_000_000,
      retryDelayMs: 1,
    });
    return { provider, writeCache, onFailure };
  }

  it('evaluates every flag key for the user sub with seller and platform, and caches the result', async () => {
    const requests: unknown[] = [];
    const { provider, writeCache } = setup(async (request) => {
      requests.push(request);
      return { evaluationResults: [{ flagKey: 'website-editor', variantKey: 'on' }] };
    });
    await OpenFeature.setProviderAndWait('t1', provider, context);
    const client = OpenFeature.getClient('t1');
    expect(client.getBooleanValue('website-editor', false)).toBe(true);
    expect(client.getBooleanValue('hide-support-button', true)).toBe(false);
    expect(requests[0]).toEqual({
      entities: [{ entityID: 'staff-1', entityType: 'user', entityContext: { seller_id: 2, platformId: 1 } }],
      flagKeys: ['website-editor', 'hide-support-button'],
    });
    expect(writeCache).toHaveBeenCalledWith(expect.objectContaining({ fetchedAt: 2_000_000, values: { 'website-editor': true, 'hide-support-button': false } }));
  });

  it('retries 3 times, tracks the failure and falls back to a fresh cache', async () => {
    let calls = 0;
    const cached: CachedFlags = { entity, values: { 'website-editor': true }, fetchedAt: 2_000_000 - 60_000 };
    const { provider, onFailure } = setup(async () => {
      calls++;
      throw new Error('flags down');
    }, { ...cached, entity: { ...entity, entityID: 'staff-1' } });
    await OpenFeature.setProviderAndWait('t2', provider, context);
    expect(calls).toBe(4);
    expect(onFailure).toHaveBeenCalledOnce();
    expect(OpenFeature.getClient('t2').getBooleanValue('website-editor', false)).toBe(true);
  });

  it('does not ask again after a refusal (4xx): it is final', async () => {
    let calls = 0;
    const { provider, onFailure } = setup(async () => {
      calls++;
      throw new ApiError('http', 403, { code: null, message: null }, 'http://api/flags');
    });
    await OpenFeature.setProviderAndWait('t4', provider, context);
    expect(calls).toBe(1);
    expect(onFailure).toHaveBeenCalledOnce();
  });

  it('leaves flags empty when the service fails and the cache is too old', async () => {
    const { provider } = setup(
      async () => {
        throw new Error('flags down');
      },
      { entity, values: { 'website-editor': true }, fetchedAt: 2_000_000 - FLAG_STALE_MS - 1 },
    );
    await OpenFeature.setProviderAndWait('t3', provider, context);
    expect(OpenFeature.getClient('t3').getBooleanValue('website-editor', false)).toBe(false);
    expect(provider.snapshot()).toEqual({});
  });
});
