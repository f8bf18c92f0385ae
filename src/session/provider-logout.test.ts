import { afterEach, describe, expect, it, vi } from 'vitest';
import { endProviderSessionInFrame } from './provider-logout.ts';

const frame = () => document.querySelector('iframe');

afterEach(() => vi.useRealTimers());

describe('endProviderSessionInFrame', () => {
  it('ends once the provider’s page after its logout (which submits itself) has loaded, in a hidden sandboxed frame that then goes', async () => {
    const ended = endProviderSessionInFrame('https://id.test/session/end?client_id=portal', 5000);
    const element = frame();
    expect(element?.src).toBe('https://id.test/session/end?client_id=portal');
    expect(element?.hidden).toBe(true);
    expect(element?.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin');
    element?.dispatchEvent(new Event('load'));
    expect(await ended).toBe(true);
    expect(frame()).toBeNull();
  });

  it('a provider whose page never loads is given up at the deadline', async () => {
    vi.useFakeTimers();
    const ended = endProviderSessionInFrame('https://id.test/session/end', 5000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(frame()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await ended).toBe(false);
    expect(frame()).toBeNull();
  });
});
