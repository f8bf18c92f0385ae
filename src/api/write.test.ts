import { afterEach, describe, expect, it, vi } from 'vitest';
import { attemptWrite, type WriteRequest } from './write.ts';

const request: WriteRequest = {
  method: 'POST',
  url: 'https://api.example.com/api/v1/pos/sales',
  body: '{"total":1}',
  contentType: 'application/json',
  accessToken: 'token-of-the-user',
  sellerId: 2,
  idempotencyKey: 'key-1',
  answerBytes: 8,
};

afterEach(() => vi.useRealTimers());

describe('one try of a stored write', () => {
  it('sends the bearer, the seller, the Idempotency-Key and the content type, and nothing of the page (no cookies, no redirects)', async () => {
    const fetcher = vi.fn(async () => new Response('{"id":1}', { status: 201, headers: { 'retry-after': '3' } }));
    expect(await attemptWrite(request, fetcher)).toEqual({ kind: 'answer', status: 201, body: '{"id":1}', truncated: false, retryAfter: '3' });
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(request.url);
    expect(init).toMatchObject({ method: 'POST', body: '{"total":1}', credentials: 'omit', redirect: 'manual', cache: 'no-store' });
    expect(init.headers).toEqual({
      accept: 'application/json',
      authorization: 'Bearer token-of-the-user',
      'idempotency-key': 'key-1',
      'x-seller-id': '2',
      'content-type': 'application/json',
    });
  });

  it('leaves out the seller and content type it does not have, and keeps only the first bytes of a long answer', async () => {
    const fetcher = vi.fn(async () => new Response('0123456789abcdef', { status: 400 }));
    expect(await attemptWrite({ ...request, sellerId: null, body: null, contentType: null }, fetcher)).toMatchObject({ status: 400, body: '01234567', truncated: true });
    const [, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(Object.keys(init.headers as object)).toEqual(['accept', 'authorization', 'idempotency-key']);
  });

  it('a failed connection and a time-out are outcomes, not errors', async () => {
    expect(await attemptWrite(request, async () => Promise.reject(new TypeError('Failed to fetch')))).toEqual({ kind: 'network' });
    const hanging = (_: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'TimeoutError'))));
    expect(await attemptWrite({ ...request, timeoutMs: 20 }, hanging as typeof fetch)).toEqual({ kind: 'timeout' });
  });
});
