import { describe, expect, it } from 'vitest';
import { lockDue } from './lock-due.ts';
import { newShift } from './shift.ts';

const policy = { idleLockMinutes: 5, idleEndMinutes: 30, pin: { length: 4, tries: 3 } };
const min = 60_000;
const NOW = 1000 * min;
const shift = (patch: object) => JSON.stringify({ ...newShift('staff-0003', policy), ...patch });

describe('whether a start hides the work of a shared device', () => {
  it.each([
    ['no shift', null, null, false],
    ['a locked shift', shift({ lockedAt: NOW - min }), String(NOW), true],
    ['a shift touched a minute ago', shift({}), String(NOW - min), false],
    ['a shift idle for its lock time (the page was closed)', shift({}), String(NOW - 5 * min), true],
    ['a shift whose last touch is unknown', shift({}), null, false],
    ['something else stored', '"garbage"', '1', false],
    ['a shift whose lock time is unreadable', shift({ lockAfterMs: '5' }), '1', false],
    ['an unreadable shift', '{"lockedAt":', '1', false],
    ['an unreadable last touch', shift({}), 'yesterday', false],
  ])('%s: %s', (_name, stored, lastActivity, hidden) => {
    const values: Record<string, string | null> = { sharedDeviceShift: stored, sharedDeviceActivity: lastActivity };
    expect(lockDue((name) => values[name] ?? null, NOW)).toBe(hidden);
  });
});
