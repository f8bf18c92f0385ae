import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import { backoffDelay } from './backoff.ts';
import { mayAnswerOtherwise, withRetry } from './retry.ts';

describe('withRetry', () => {
  it('returns the first success without retrying', async () => {
    const call = vi.fn(async () => 'ok');
    await expect(withRetry(call, { retries: 3, sleep: async () => {} })).resolves.toBe('ok');
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('retries up to 3 times with doubling delays, then gives up with the last error', async () => {
    const delays: number[] = [];
    const call = vi.fn(async (attempt: number) => {
      throw new Error(`fail ${attempt}`);
    });
    await expect(withRetry(call, { retries: 3, sleep: async (ms) => void delays.push(ms) })).rejects.toThrow('fail 3');
    expect(call).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([300, 600, 1200]);
  });

  it('succeeds on a later attempt', async () => {
    let attempts = 0;
    const result = await withRetry(
      async () => {
        if (++attempts < 3) throw new Error('flaky');
        return attempts;
      },
      { retries: 3, sleep: async () => {} },
    );
    expect(result).toBe(3);
  });

  it('stops at once when shouldRetry says the answer will not change', async () => {
    const call = vi.fn(async () => {
      throw new Error('401');
    });
    await expect(withRetry(call, { retries: 3, shouldRetry: () => false, sleep: async () => {} })).rejects.toThrow('401');
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('backoffDelay doubles', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, 100))).toEqual([100, 200, 400, 800]);
  });
});

describe('mayAnswerOtherwise', () => {
  const http = (status: number) => new ApiError('http', status, { code: null, message: null }, 'http://api/x');
  it.each([
    [http(400), false],
    [http(401), false],
    [http(403), false],
    [http(404), false],
    [http(408), true],
    [http(429), true],
    [http(500), true],
    [http(503), true],
    [new ApiError('timeout', null, { code: null, message: null }, 'http://api/x'), true],
    [new ApiError('network', null, { code: null, message: null }, 'http://api/x'), true],
    [new Error('anything else'), true],
  ] as const)('%s → %s', (error, expected) => expect(mayAnswerOtherwise(error)).toBe(expected));
});
