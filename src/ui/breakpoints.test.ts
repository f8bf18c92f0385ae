import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutWidth, SPLIT_LAYOUT_QUERY, TABLET_WIDTH } from './breakpoints.ts';

describe('layoutWidth', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [true, TABLET_WIDTH],
    [false, TABLET_WIDTH - 1],
  ])('is on the side of the tablet width the media query says (matches: %s), without reading innerWidth', (matches, width) => {
    const asked: string[] = [];
    vi.stubGlobal('matchMedia', (query: string) => {
      asked.push(query);
      return { matches } as MediaQueryList;
    });
    // On a phone, reading innerWidth lays the page out first.
    vi.stubGlobal('innerWidth', undefined);
    Object.defineProperty(globalThis, 'innerWidth', { configurable: true, get: () => expect.fail('innerWidth read') });
    expect(layoutWidth()).toBe(width);
    expect(asked).toEqual([SPLIT_LAYOUT_QUERY]);
  });
});
