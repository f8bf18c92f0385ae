/** 300, 600, 1200 ms...: doubling, so a struggling service is not hammered. Pure (also used by the service worker's outbox). */
export function backoffDelay(attempt: number, baseDelayMs: number): number {
  return baseDelayMs * 2 ** attempt;
}
