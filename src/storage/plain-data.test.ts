import { describe, expect, it } from 'vitest';
import { samePlainData } from './plain-data.ts';

describe('samePlainData', () => {
  it.each([
    ['the same fields in another order', { a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    ['an undefined field against no field', { a: 1, b: undefined }, { a: 1 }, true],
    ['an array against an object', { a: [] }, { a: {} }, false],
    ['arrays in another order', { a: [1, 2] }, { a: [2, 1] }, false],
    ['a field more', { a: 1 }, { a: 1, b: 2 }, false],
    ['null against an object', { a: null }, { a: {} }, false],
    ['a number against its text', { a: 1 }, { a: '1' }, false],
  ])('%s', (_case, a, b, same) => {
    expect(samePlainData(a, b)).toBe(same);
    expect(samePlainData(b, a)).toBe(same);
  });
});
