/**
 * How many of the signed-in user's writes are not delivered: waiting (queued or being sent) and
 * failed (stopped for good, or unreadable). One small store for the header's badge and the shared
 * device's lock screen; the outbox keeps it current for whoever is signed in here.
 */
export interface OutboxCount {
  waiting: number;
  failed: number;
}

const NONE: OutboxCount = { waiting: 0, failed: 0 };
let current: OutboxCount = NONE;
const listeners = new Set<() => void>();

export const outboxCount = {
  /** The current count; the same object until it changes (useSyncExternalStore's snapshot). */
  get(): OutboxCount {
    return current;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The outbox's side: a new count (nobody signed in: none). */
export function setOutboxCount(next: OutboxCount | null): void {
  const value = next ?? NONE;
  if (value.waiting === current.waiting && value.failed === current.failed) return;
  current = value.waiting === 0 && value.failed === 0 ? NONE : value;
  listeners.forEach((listener) => listener());
}
