import type { SharedDevicePolicy } from '../config/schema.ts';

/**
 * When a shared device locks and when its shift ends by itself, from how long nobody has touched it
 * (README "Shared devices"). Pure: the device's clock and timers live in device.ts.
 */
export type IdlePhase = 'working' | 'warning' | 'locked' | 'ended';

/** The countdown with "Still here" is the last minute before the lock. */
export const COUNTDOWN_MS = 60_000;

type IdleTimes = Pick<SharedDevicePolicy, 'idleLockMinutes' | 'idleEndMinutes'>;

const MINUTE_MS = 60_000;

/** Where the device stands after `idleMs` without a touch, key or scan. */
export function idlePhase(idleMs: number, policy: IdleTimes): IdlePhase {
  const lockMs = policy.idleLockMinutes * MINUTE_MS;
  if (idleMs >= policy.idleEndMinutes * MINUTE_MS) return 'ended';
  if (idleMs >= lockMs) return 'locked';
  if (idleMs >= lockMs - COUNTDOWN_MS) return 'warning';
  return 'working';
}

/** How long after `idleMs` the phase next changes (with nobody touching the device); null once ended. */
export function untilNextPhase(idleMs: number, policy: IdleTimes): number | null {
  const lockMs = policy.idleLockMinutes * MINUTE_MS;
  const boundaries = [lockMs - COUNTDOWN_MS, lockMs, policy.idleEndMinutes * MINUTE_MS];
  const next = boundaries.find((boundary) => boundary > idleMs);
  return next === undefined ? null : next - idleMs;
}
