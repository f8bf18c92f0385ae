import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerEarlyResponse, requestKey, sendEarly, takeEarlyResponse } from './early-responses.ts';

afterEach(() => vi.useRealTimers());

describe('requestKey', () => {
  const base = requestKey('GET', 'http://api.test/x', { authorization: 'Bearer a', 'x-seller-id': '1' });
  it.each([
    ['another method', requestKey('POST', 'http://api.test/x', { authorization: 'Bearer a', 'x-seller-id': '1' })],
    ['another address', requestKey('GET', 'http://api.test/y', { authorization: 'Bearer a', 'x-seller-id': '1' })],
    ['another token', requestKey('GET', 'http://api.test/x', { authorization: 'Bearer b', 'x-seller-id': '1' })],
    ['another seller', requestKey('GET', 'http://api.test/x', { authorization: 'Bearer a', 'x-seller-id': '2' })],
    ['no seller', requestKey('GET', 'http://api.test/x', { authorization: 'Bearer a' })],
    ['a body', requestKey('GET', 'http://api.test/x', { authorization: 'Bearer a', 'x-seller-id': '1' }, '{}')],
  ])('names %s apart', (_name, other) => expect(other).not.toBe(base));

  it('names the same request alike, whatever other headers it carries', () => {
    expect(requestKey('GET', 'http://api.test/x', { accept: 'application/json', authorization: 'Bearer a', 'x-seller-id': '1' })).toBe(base);
  });
});

describe('the early hand-over', () => {
  it('gives an offered response once, to the same request only', async () => {
    const response = Promise.resolve(new Response('{"a":1}'));
    offerEarlyResponse('k1', response, 1000);
    expect(takeEarlyResponse('k2')).toBeNull();
    expect(takeEarlyResponse('k1')?.response).toBe(response);
    expect(takeEarlyResponse('k1')).toBeNull();
  });

  it('knows when the early call was sent and when it was answered', async () => {
    let answer!: (response: Response) => void;
    offerEarlyResponse('k7', new Promise<Response>((resolve) => (answer = resolve)), 1000);
    const early = takeEarlyResponse('k7')!;
    expect(early.sentAt).toBeLessThanOrEqual(performance.now());
    expect(early.answeredAt()).toBeNull();
    answer(new Response('{}'));
    await early.response;
    await Promise.resolve();
    expect(early.answeredAt()).toBeGreaterThanOrEqual(early.sentAt);
  });

  it('keeps the first offer of a request', () => {
    const first = Promise.resolve(new Response('1'));
    offerEarlyResponse('k3', first, 1000);
    offerEarlyResponse('k3', Promise.resolve(new Response('2')), 1000);
    expect(takeEarlyResponse('k3')?.response).toBe(first);
  });

  it('drops a response nobody asked for in time', () => {
    vi.useFakeTimers();
    offerEarlyResponse('k4', Promise.resolve(new Response('1')), 1000);
    vi.advanceTimersByTime(1001);
    expect(takeEarlyResponse('k4')).toBeNull();
  });

  it('a failed early call is no unhandled rejection, and whoever takes it sees the failure', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    offerEarlyResponse('k5', Promise.reject(new TypeError('network')), 1000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    await expect(takeEarlyResponse('k5')?.response).rejects.toThrow('network');
  });

  it('sends a call without credentials, within the time kept, under its key', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    sendEarly({ url: 'http://api.test/z', init: { method: 'GET', headers: { accept: 'application/json' } }, key: 'k6' }, 1000);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/z');
    expect(init).toMatchObject({ method: 'GET', credentials: 'omit' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(await takeEarlyResponse('k6')?.response).toBeInstanceOf(Response);
    fetch.mockRestore();
  });
});
