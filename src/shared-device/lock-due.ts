import { STORAGE_KEYS } from '../storage/keys.ts';

/**
 * Whether a page starting now must hide the work of a shared device's shift: it is locked, or nobody
 * has touched the device for its lock time since (the page was closed, the device asleep). Reads the
 * stored shift and time of the last touch as they are, before any validation code has loaded (the
 * boot step asks too, and the shell asks before its first paint): a value it cannot read is no lock
 * (shift.ts discards it when the shift's controller reads it).
 */
export function lockDue(read: (name: string) => string | null, now: number): boolean {
  const shift = parsed(read(STORAGE_KEYS.shift)) as { lockedAt?: unknown; lockAfterMs?: unknown } | null | undefined;
  if (typeof shift !== 'object' || shift === null) return false;
  if (typeof shift.lockedAt === 'number') return true;
  const lastActivity = parsed(read(STORAGE_KEYS.shiftActivity));
  return typeof lastActivity === 'number' && typeof shift.lockAfterMs === 'number' && now - lastActivity >= shift.lockAfterMs;
}

function parsed(raw: string | null): unknown {
  try {
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}
