import { describe, expect, it } from 'vitest';
import { hashPin, isPin, pinMatches, PIN_ITERATIONS } from './pin.ts';

describe('the shift PIN', () => {
  it.each([
    ['1234', 4, true],
    ['123', 4, false],
    ['12345', 4, false],
    ['12a4', 4, false],
    ['１２３４', 4, false], // full-width digits are not the keypad's
    ['123456', 6, true],
    [' 1234', 4, false],
  ])('"%s" is a PIN of length %d: %s', (pin, length, valid) => expect(isPin(pin, length)).toBe(valid));

  it('keeps a salted PBKDF2 hash, never the PIN, and recognises only the same PIN', async () => {
    const stored = await hashPin('2468', 1000);
    expect(JSON.stringify(stored)).not.toContain('2468');
    expect(stored.iterations).toBe(1000);
    expect(atob(stored.salt)).toHaveLength(16);
    expect(atob(stored.hash)).toHaveLength(32);
    expect(await pinMatches('2468', stored)).toBe(true);
    expect(await pinMatches('2469', stored)).toBe(false);
    expect(await pinMatches('', stored)).toBe(false);
  });

  it('salts every hash: the same PIN twice gives two different hashes', async () => {
    const [first, second] = await Promise.all([hashPin('1111', 1000), hashPin('1111', 1000)]);
    expect(first.salt).not.toBe(second.salt);
    expect(first.hash).not.toBe(second.hash);
  });

  it('a damaged stored hash matches nothing, without throwing', async () => {
    const stored = await hashPin('1357', 1000);
    expect(await pinMatches('1357', { ...stored, hash: '***' })).toBe(false);
    expect(await pinMatches('1357', { ...stored, salt: 'AAAA' })).toBe(false);
    expect(await pinMatches('1357', { ...stored, iterations: 999 })).toBe(false);
  });

  it('is slow by default', () => expect(PIN_ITERATIONS).toBeGreaterThanOrEqual(300_000));
});
