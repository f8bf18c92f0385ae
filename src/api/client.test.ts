import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError, buildUrl, type ApiClientHooks } from './client.ts';
import { SellerHeader } from './seller-header.ts';
import { offerEarlyResponse, requestKey } from './early-responses.ts';

function hooks(overrides: Partial<ApiClientHooks> = {}) {
  return {
    accessToken: () => 'token-123',
    seller: new SellerHeader({ claimed: 7, stored: () => undefined }),
    onUnauthorized: vi.fn(),
    onForbidden: vi.fn(),
    onError: vi.fn(),
    onErrorTracked: vi.fn(),
    onTiming: vi.fn(),
    ...overrides,
  } satisfies ApiClientHooks;
}

function answer(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.useRealTimers());

describe('ApiClient', () => {
  it('sends the bearer token and X-Seller-Id and returns the JSON answer', async () => {
    const fetch = answer(200, { result: { platforms: [], total: 0 } });
    const h = hooks();
    const data = await new ApiClient(h).get('http://api.test', '/api/v1/platforms', { query: { page: 1, pageSize: 10, query: '' } });
    expect(data).toEqual({ result: { platforms: [], total: 0 } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/v1/platforms?page=1&pageSize=10');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer token-123');
    expect((init?.headers as Record<string, string>)['x-seller-id']).toBe('7');
    expect(h.onTiming).toHaveBeenCalledWith(expect.objectContaining({ method: 'GET', path: '/api/v1/platforms', status: 200 }));
  });

  it('401 renews the token once and sends the call again with the new one', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response('{}', { status: 401 }))
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }));
    let token = 'old-token';
    const h = hooks({ accessToken: () => token, renewAfterUnauthorized: vi.fn(async () => ((token = 'new-token'), true)) });
    await expect(new ApiClient(h).get('http://api.test', '/x')).resolves.toEqual({ ok: true });
    expect(fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(h.renewAfterUnauthorized).toHaveBeenCalledOnce();
    expect(h.onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    ['the renewal fails', false, 1],
    ['the renewed token is refused too', true, 2],
  ])('401 logs out when %s', async (_name, renews, calls) => {
    const fetch = answer(401, {});
    fetch.mockImplementation(async () => new Response('{}', { status: 401 }));
    const h = hooks({ renewAfterUnauthorized: vi.fn(async () => renews) });
    await expect(new ApiClient(h).get('http://api.test', '/x')).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(calls);
    expect(h.renewAfterUnauthorized).toHaveBeenCalledOnce();
    expect(h.onUnauthorized).toHaveBeenCalledOnce();
  });

  it('omits X-Seller-Id before a seller is chosen', async () => {
    const fetch = answer(200, {});
    await new ApiClient(hooks({ seller: new SellerHeader({ claimed: null, stored: () => undefined }) })).get('http://api.test', '/x');
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>)['x-seller-id']).toBeUndefined();
  });

  it('401 logs out', async () => {
    answer(401, { code: 'UNAUTHENTICATED', message: 'token expired' });
    const h = hooks();
    await expect(new ApiClient(h).get('http://api.test', '/x')).rejects.toBeInstanceOf(ApiError);
    expect(h.onUnauthorized).toHaveBeenCalledOnce();
    expect(h.onError).not.toHaveBeenCalled();
  });

  it('403 goes to the permission-denied page', async () => {
    answer(403, { error: { code: 'FORBIDDEN', message: 'no' } });
    const h = hooks();
    await expect(new ApiClient(h).get('http://api.test', '/x')).rejects.toThrow();
    expect(h.onForbidden).toHaveBeenCalledOnce();
  });

  it('500 notifies with the server message and tracks code and message', async () => {
    answer(500, { error: { code: 'E500', message: 'Database unavailable' } });
    const h = hooks();
    await expect(new ApiClient(h).get('http://api.test', '/x')).rejects.toThrow('Database unavailable');
    expect(h.onError).toHaveBeenCalledWith({ failure: 'http', message: 'Database unavailable' });
    expect(h.onErrorTracked).toHaveBeenCalledWith(expect.objectContaining({ code: 'E500', message: 'Database unavailable', status: 500 }));
  });

  it('stays silent for a bypassing request unless the code is 404xx', async () => {
    answer(500, { code: '50001', message: 'x' });
    const h = hooks();
    await expect(new ApiClient(h).get('http://api.test', '/x', { bypassNormalErrors: true })).rejects.toThrow();
    expect(h.onError).not.toHaveBeenCalled();
    answer(404, { code: '40401', message: 'Config missing' });
    await expect(new ApiClient(h).get('http://api.test', '/x', { bypassNormalErrors: true })).rejects.toThrow();
    expect(h.onError).toHaveBeenCalledWith({ failure: 'http', message: 'Config missing' });
  });

  it('reports a network failure with its own message kind', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const h = hooks();
    await expect(new ApiClient(h).get('http://api.test', '/x')).rejects.toMatchObject({ failure: 'network' });
    expect(h.onError).toHaveBeenCalledWith({ failure: 'network', message: null });
  });

  it('reports a time-out with its own message kind', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const h = hooks();
    await expect(new ApiClient(h).get('http://api.test', '/x', { timeoutMs: 10 })).rejects.toMatchObject({ failure: 'timeout' });
    expect(h.onError).toHaveBeenCalledWith({ failure: 'timeout', message: null });
  });

  it('quiet requests never notify, log out or redirect', async () => {
    answer(401, {});
    const h = hooks();
    await expect(new ApiClient(h).post('http://api.test', '/collect', { events: [] }, { quiet: true })).rejects.toThrow();
    expect(h.onUnauthorized).not.toHaveBeenCalled();
    expect(h.onError).not.toHaveBeenCalled();
  });

  it('a cancelled request is not reported', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new DOMException('aborted', 'AbortError'));
    const controller = new AbortController();
    controller.abort();
    const h = hooks();
    await expect(new ApiClient(h).get('http://api.test', '/x', { signal: controller.signal })).rejects.toThrow();
    expect(h.onError).not.toHaveBeenCalled();
  });
});

describe('ApiClient with an early response (early-responses.ts)', () => {
  const offerFor = (token: string, seller: string | undefined, response: Promise<Response>) =>
    offerEarlyResponse(requestKey('GET', 'http://api.test/x', { authorization: `Bearer ${token}`, ...(seller ? { 'x-seller-id': seller } : {}) }), response, 5000);

  it("takes the boot step's answer to the same request instead of sending it again", async () => {
    const fetch = answer(200, { sent: 'now' });
    offerFor('token-123', '7', Promise.resolve(new Response('{"sent":"early"}')));
    await expect(new ApiClient(hooks()).get('http://api.test', '/x')).resolves.toEqual({ sent: 'early' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['another token', 'token-old', '7'],
    ['another seller', 'token-123', '8'],
  ])('sends the call itself when the early one went with %s', async (_name, token, seller) => {
    const fetch = answer(200, { sent: 'now' });
    offerFor(token, seller, Promise.resolve(new Response('{"sent":"early"}')));
    await expect(new ApiClient(hooks()).get('http://api.test', '/x')).resolves.toEqual({ sent: 'now' });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('times an early call from its sending to its answer, not from when the app took it', async () => {
    answer(200, {});
    // Answered 30 ms after it was sent, taken by the app 20 ms after that.
    offerFor('token-123', '7', new Promise((resolve) => setTimeout(() => resolve(new Response('{}')), 30)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const onTiming = vi.fn();
    await new ApiClient(hooks({ onTiming })).get('http://api.test', '/x');
    const { ms } = onTiming.mock.calls[0]![0] as { ms: number };
    expect(ms).toBeGreaterThanOrEqual(25);
  });

  it('sends the call itself when the early one failed', async () => {
    const fetch = answer(200, { sent: 'now' });
    offerFor('token-123', '7', Promise.reject(new TypeError('network')));
    await expect(new ApiClient(hooks()).get('http://api.test', '/x')).resolves.toEqual({ sent: 'now' });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("an early answer still waited for counts against the call's own time", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    offerFor('token-123', '7', new Promise(() => undefined));
    const h = hooks();
    await expect(new ApiClient(h).get('http://api.test', '/x', { timeoutMs: 10 })).rejects.toMatchObject({ failure: 'timeout' });
    expect(h.onError).toHaveBeenCalledWith({ failure: 'timeout', message: null });
  });

  it('an early 401 renews the token and sends the call again, as a sent one does', async () => {
    const fetch = answer(200, { ok: true });
    offerFor('token-123', '7', Promise.resolve(new Response('{}', { status: 401 })));
    let token = 'token-123';
    const h = hooks({ accessToken: () => token, renewAfterUnauthorized: vi.fn(async () => ((token = 'token-new'), true)) });
    await expect(new ApiClient(h).get('http://api.test', '/x')).resolves.toEqual({ ok: true });
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>).authorization).toBe('Bearer token-new');
  });
});

describe('buildUrl', () => {
  it('joins base paths and drops empty parameters', () => {
    expect(buildUrl('http://api.test/prefix', '/sellers/get-all', { ids: '1,2', platformIds: undefined, q: '' })).toBe(
      'http://api.test/prefix/sellers/get-all?ids=1%2C2',
    );
  });
});
