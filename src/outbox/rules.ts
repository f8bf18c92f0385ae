import type { OutboxProblem } from '../../packages/frame-client/outbox.ts';
import { backoffDelay } from '../api/backoff.ts';
import type { WriteOutcome } from '../api/write.ts';
import type { StoredEntry } from './schema.ts';

/**
 * What the outbox does after one try of a write (issue's retry table). Pure.
 * - 2xx: delivered.
 * - network failure, time-out, 408, 409 (the same key still in progress at the server), 429 and 5xx:
 *   tried again after a capped exponential back-off with jitter, or after the server's Retry-After.
 * - 401: the session is renewed once and the write tried again at once; 401 after that is final.
 * - any other answer (other 4xx, a redirect): final — failed, shown, kept until discarded.
 */
export type Decision =
  | { kind: 'delivered' }
  | { kind: 'renew' }
  | { kind: 'retry'; problem: OutboxProblem; status: number | null; delayMs: number }
  | { kind: 'failed'; problem: OutboxProblem; status: number | null };

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** A Retry-After further away than this is read as this: the entry is still tried within the hour. */
export const RETRY_AFTER_CAP_MS = 60 * 60_000;

export interface DecisionContext {
  /** Tries so far, this one included (1 for the first). */
  attempts: number;
  /** The session was already renewed after a 401 in this round. */
  renewed: boolean;
  now: number;
  /** 0 ≤ random() < 1 (jitter). */
  random(): number;
}

export function decide(outcome: WriteOutcome, context: DecisionContext): Decision {
  if (outcome.kind !== 'answer') return { kind: 'retry', problem: outcome.kind, status: null, delayMs: backoff(context) };
  const { status } = outcome;
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 401) return context.renewed ? { kind: 'failed', problem: 'unauthorized', status } : { kind: 'renew' };
  const later = (problem: OutboxProblem): Decision => ({
    kind: 'retry',
    problem,
    status,
    delayMs: retryAfterMs(outcome.retryAfter, context.now) ?? backoff(context),
  });
  if (status === 408 || status === 409 || status === 429) return later('busy');
  if (status >= 500 && status < 600) return later('unavailable');
  return { kind: 'failed', problem: 'refused', status: status || null };
}

/**
 * Capped exponential back-off with "equal jitter": between half and all of 1 s, 2 s, 4 s … 5 min, so
 * devices that lost the same network do not all come back in the same millisecond.
 */
export function backoff({ attempts, random }: Pick<DecisionContext, 'attempts' | 'random'>): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, backoffDelay(Math.max(0, attempts - 1), BACKOFF_BASE_MS));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from `now`; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : /[a-z]/i.test(text) ? Date.parse(text) - now : Number.NaN;
  return Number.isFinite(ms) ? Math.min(RETRY_AFTER_CAP_MS, Math.max(0, ms)) : null;
}

/** Problems a returning connection ends: such an entry is tried again at once, whatever its back-off. */
export function endsWithConnection(problem: OutboxProblem | null | undefined): boolean {
  return problem === 'network' || problem === 'timeout';
}

/**
 * Problems a session ends: an entry refused for want of a token (or with one the API refused) is tried
 * again at once when a page starts or its session's token changes.
 */
export function endsWithSession(problem: OutboxProblem | null | undefined): boolean {
  return problem === 'signed-out';
}

/**
 * How long the service worker keeps one Background Sync event going: Chromium ends an event after
 * 3 minutes and counts it failed (README "Frame protocol: the outbox", Background Sync).
 */
export const WORKER_EVENT_BUDGET_MS = 150_000;
/** How often the worker tries again while the connection is gone: it meets a return within this. */
export const WORKER_RECHECK_MS = 2000;

/** What the worker does after a round of delivery: done, another round in `inMs`, or leave the rest to the browser's retry. */
export type WorkerNext = { kind: 'done' } | { kind: 'again'; inMs: number } | { kind: 'beyond' };

/**
 * The worker's next step from the entries still waiting after a round, within its event's `deadline`.
 * Entries waiting for a session are a page's to send (the worker cannot renew): they keep nothing going.
 * Entries that lost the connection are tried again every WORKER_RECHECK_MS (the worker hears no
 * `online` it can rely on); the others at their back-off's end. A next try past the deadline is beyond
 * the event.
 */
export function workerNext(waiting: readonly Pick<StoredEntry, 'problem' | 'nextAttemptAt'>[], { now, deadline }: { now: number; deadline: number }): WorkerNext {
  const tries = waiting
    .filter((entry) => !endsWithSession(entry.problem?.reason))
    .map((entry) => (endsWithConnection(entry.problem?.reason) ? now + WORKER_RECHECK_MS : Math.max(entry.nextAttemptAt, now + WORKER_RECHECK_MS / 4)));
  if (tries.length === 0) return { kind: 'done' };
  const next = Math.min(...tries);
  return next > deadline ? { kind: 'beyond' } : { kind: 'again', inMs: next - now };
}

/**
 * Whether a delivery counts toward the "writes made offline were sent" notice of a page: a write of
 * the person signed in there, queued offline, delivered by whoever won the race when the connection
 * came back — this page, another tab or the worker's Background Sync. Only a page the person can see
 * says so (a hidden tab stays quiet); the delivering page always does.
 */
export function countsForOfflineNotice(
  change: { kind: string; owner?: string; queuedOffline?: boolean; entry?: { state: string } },
  page: { local: boolean; person: string | null; visible: boolean },
): boolean {
  if (change.kind !== 'entry' || change.entry?.state !== 'delivered' || change.queuedOffline !== true) return false;
  return page.local || (page.visible && page.person !== null && change.owner === page.person);
}
