import { afterEach, describe, expect, it } from 'vitest';
import { newShift, readShift, writeShift } from './shift.ts';

const policy = { idleLockMinutes: 5, idleEndMinutes: 30, pin: { length: 4, tries: 3 } };
const min = 60_000;

afterEach(() => localStorage.clear());

describe('the stored shift', () => {
  it('starts unlocked, without a PIN, with every try, and keeps the lock time for the next start', () => {
    const shift = newShift('staff-0003', policy);
    expect(shift).toEqual({ sub: 'staff-0003', pin: null, pinOffered: false, triesLeft: 3, lockedAt: null, lockAfterMs: 5 * min });
    writeShift(shift);
    expect(readShift()).toEqual(shift);
  });
});
