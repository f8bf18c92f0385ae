import { afterEach, describe, expect, it } from 'vitest';
import { lockDue } from './lock-due.ts';
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

  it.each([
    ['no shift', undefined, undefined, false],
    ['a locked shift', { lockedAt: 1000 }, 2000, true],
    ['a shift touched a minute ago', {}, 1000 * min - 1 * min, false],
    ['a shift idle for its lock time (the page was closed)', {}, 1000 * min - 5 * min, true],
    ['a shift whose last touch is unknown', {}, undefined, false],
    ['something else stored', 'garbage', 1, false],
    ['a shift whose lock time is unreadable', { lockAfterMs: '5' }, 1, false],
  ])('a start covers the work for %s: %s', (_name, patch, lastActivity, covered) => {
    const shift = typeof patch === 'object' ? { ...newShift('staff-0003', policy), ...patch } : patch;
    expect(lockDue(shift, lastActivity, 1000 * min)).toBe(covered);
  });
});
