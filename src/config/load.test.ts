import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from './load.ts';

describe("loadRuntimeConfig with the boot step's request of it", () => {
  it('reads the early answer instead of asking again', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const result = await loadRuntimeConfig('portal.test', Promise.resolve(new Response('[]')));
    expect(fetch).not.toHaveBeenCalled();
    // The early answer is read as any answer is: this one is no config.
    expect(result.ok).toBe(false);
  });

  it('asks again when the early request failed', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('[]'));
    await loadRuntimeConfig('portal.test', Promise.reject(new TypeError('network')));
    expect(fetch).toHaveBeenCalledOnce();
    expect(String(fetch.mock.calls[0]![0])).toBe('/config.json');
  });
});
