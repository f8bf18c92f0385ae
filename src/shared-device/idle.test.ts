import { describe, expect, it } from 'vitest';
import { idlePhase, untilNextPhase } from './idle.ts';

const policy = { idleLockMinutes: 5, idleEndMinutes: 30 };
const s = 1000;
const min = 60 * s;

describe('the idle rule', () => {
  it.each([
    [0, 'working', 4 * min],
    [4 * min - 1, 'working', 1],
    [4 * min, 'warning', 1 * min],
    [5 * min - 1, 'warning', 1],
    [5 * min, 'locked', 25 * min],
    [29 * min, 'locked', 1 * min],
    [30 * min, 'ended', null],
    [10 * 60 * min, 'ended', null],
  ])('after %d ms idle: %s, next change in %s ms', (idle, phase, next) => {
    expect(idlePhase(idle, policy)).toBe(phase);
    expect(untilNextPhase(idle, policy)).toBe(next);
  });

  it('a one-minute lock starts its countdown at once', () => {
    expect(idlePhase(0, { idleLockMinutes: 1, idleEndMinutes: 2 })).toBe('warning');
    expect(untilNextPhase(0, { idleLockMinutes: 1, idleEndMinutes: 2 })).toBe(min);
  });
});
