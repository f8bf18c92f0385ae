import { afterEach, describe, expect, it, vi } from 'vitest';
import { endProviderSessionInFrame, PROVIDER_PAGE_GRACE_MS } from './provider-logout.ts';

const frame = () => document.querySelector('iframe');

afterEach(() => vi.useRealTimers());

describe('endProviderSessionInFrame', () => {
  /** The frame's first page loads: `shows` is its address, or null for another origin's page (reading it throws). */
  function loads(element: HTMLIFrameElement | null, shows: string | null) {
    if (!element) throw new Error('no frame');
    const address = shows === null ? null : new URL(shows, location.href);
    Object.defineProperty(element, 'contentWindow', {
      configurable: true,
      get: () => ({
        get location() {
          if (!address) throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
          return address;
        },
      }),
    });
    element.dispatchEvent(new Event('load'));
  }

  it('ends once the provider sent the frame back to the portal’s signed-out page, in a hidden sandboxed frame that then goes', async () => {
    const ended = endProviderSessionInFrame('https://id.test/session/end?client_id=portal', 5000);
    const element = frame();
    expect(element?.src).toBe('https://id.test/session/end?client_id=portal');
    expect(element?.hidden).toBe(true);
    expect(element?.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin');
    loads(element, '/signed-out.html');
    expect(await ended).toBe(true);
    expect(frame()).toBeNull();
  });

  it.each([
    ['the provider’s own page (an error, a question for the person)', null],
    ['another page of the portal', '/'],
    ['a page of another origin at the same path', 'https://elsewhere.test/signed-out.html'],
  ])('does not end when the page that stays is %s, given up a moment after it loaded', async (_page, shows) => {
    vi.useFakeTimers();
    const ended = endProviderSessionInFrame('https://id.test/session/end', 5000);
    const element = frame();
    loads(element, shows);
    await vi.advanceTimersByTimeAsync(PROVIDER_PAGE_GRACE_MS - 1);
    expect(frame()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await ended).toBe(false);
    expect(frame()).toBeNull();
  });

  it('a page of the provider’s that moves on by itself once loaded (a confirmation submitted on load) is waited for', async () => {
    vi.useFakeTimers();
    const ended = endProviderSessionInFrame('https://id.test/session/end', 5000);
    const element = frame();
    loads(element, null);
    await vi.advanceTimersByTimeAsync(PROVIDER_PAGE_GRACE_MS / 2);
    loads(element, '/signed-out.html');
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
