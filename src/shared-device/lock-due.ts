/**
 * Whether a page starting now must hide the work of a shared device's shift: it is locked, or nobody
 * has touched the device for its lock time since (the page was closed, the device asleep). Reads the
 * stored shift and time of the last touch as they are, so that the boot step can ask before any
 * validation code has loaded (no imports); the shell asks it with the validated values.
 */
export function lockDue(shift: unknown, lastActivity: unknown, now: number): boolean {
  const stored = shift as { lockedAt?: unknown; lockAfterMs?: unknown } | null;
  if (typeof stored !== 'object' || stored === null) return false;
  if (typeof stored.lockedAt === 'number') return true;
  return typeof lastActivity === 'number' && typeof stored.lockAfterMs === 'number' && now - lastActivity >= stored.lockAfterMs;
}
