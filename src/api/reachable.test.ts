import { afterEach, describe, expect, it, vi } from 'vitest';
import { answers } from './reachable.ts';

afterEach(() => vi.restoreAllMocks());

describe('answers', () => {
  it('is true for any answer, false for none, and asks nothing while the browser is offline', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(null, { status: 404 })).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await answers('https://id.test/session/end', 1000)).toBe(true);
    expect(fetch).toHaveBeenCalledWith('https://id.test/session/end', expect.objectContaining({ mode: 'no-cors', credentials: 'omit', cache: 'no-store' }));
    expect(await answers('https://id.test/session/end', 1000)).toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await answers('https://id.test/session/end', 1000)).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
