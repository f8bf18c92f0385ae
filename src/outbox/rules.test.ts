import { describe, expect, it } from 'vitest';
import type { WriteOutcome } from '../api/write.ts';
import type { OutboxProblem } from '../../packages/frame-client/outbox.ts';
import { backoff, BACKOFF_CAP_MS, countsForOfflineNotice, decide, retryAfterMs, RETRY_AFTER_CAP_MS, WORKER_RECHECK_MS, workerNext } from './rules.ts';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const answer = (status: number, retryAfter: string | null = null): WriteOutcome => ({ kind: 'answer', status, body: '', truncated: false, retryAfter });
const context = { attempts: 1, renewed: false, now: NOW, random: () => 0.5 };

describe('the retry table', () => {
  it.each([
    ['201', answer(201), { kind: 'delivered' }],
    ['204', answer(204), { kind: 'delivered' }],
    ['network failure', { kind: 'network' } as const, { kind: 'retry', problem: 'network', status: null, delayMs: 750 }],
    ['time-out', { kind: 'timeout' } as const, { kind: 'retry', problem: 'timeout', status: null, delayMs: 750 }],
    ['408', answer(408), { kind: 'retry', problem: 'busy', status: 408, delayMs: 750 }],
    ['409: the same key still in progress', answer(409), { kind: 'retry', problem: 'busy', status: 409, delayMs: 750 }],
    ['429 with Retry-After 30', answer(429, '30'), { kind: 'retry', problem: 'busy', status: 429, delayMs: 30_000 }],
    ['429 without Retry-After', answer(429), { kind: 'retry', problem: 'busy', status: 429, delayMs: 750 }],
    ['500', answer(500), { kind: 'retry', problem: 'unavailable', status: 500, delayMs: 750 }],
    ['503 with a Retry-After date', answer(503, new Date(NOW + 120_000).toUTCString()), { kind: 'retry', problem: 'unavailable', status: 503, delayMs: 120_000 }],
    ['401: renew once', answer(401), { kind: 'renew' }],
    ['400', answer(400), { kind: 'failed', problem: 'refused', status: 400 }],
    ['403', answer(403), { kind: 'failed', problem: 'refused', status: 403 }],
    ['404', answer(404), { kind: 'failed', problem: 'refused', status: 404 }],
    ['422: the same key with another body', answer(422), { kind: 'failed', problem: 'refused', status: 422 }],
    ['a redirect (status 0 when not followed)', answer(0), { kind: 'failed', problem: 'refused', status: null }],
    ['301', answer(301), { kind: 'failed', problem: 'refused', status: 301 }],
  ])('%s', (_, outcome, expected) => {
    expect(decide(outcome, context)).toEqual(expected);
  });

  it('a 401 after the session was renewed is final', () => {
    expect(decide(answer(401), { ...context, renewed: true })).toEqual({ kind: 'failed', problem: 'unauthorized', status: 401 });
  });
});

describe('back-off', () => {
  it('doubles from 1 s up to 5 minutes, with jitter between half and all of it', () => {
    const low = (attempts: number) => backoff({ attempts, random: () => 0 });
    const high = (attempts: number) => backoff({ attempts, random: () => 0.999999 });
    expect([1, 2, 3, 4].map(high)).toEqual([1000, 2000, 4000, 8000]);
    expect([1, 2, 3, 4].map(low)).toEqual([500, 1000, 2000, 4000]);
    expect(high(30)).toBe(BACKOFF_CAP_MS);
    expect(low(30)).toBe(BACKOFF_CAP_MS / 2);
  });
});

describe('Retry-After', () => {
  it.each([
    [null, null],
    ['0', 0],
    ['120', 120_000],
    [' 5 ', 5000],
    ['-5', null],
    ['1.5', null],
    ['soon', null],
    [new Date(NOW + 10_000).toUTCString(), 10_000],
    [new Date(NOW - 10_000).toUTCString(), 0],
    ['86400', RETRY_AFTER_CAP_MS],
  ])('%j → %j', (value, expected) => expect(retryAfterMs(value, NOW)).toBe(expected));
});

describe('the notice of writes made offline', () => {
  const delivered = (owner: string, queuedOffline = true) => ({ kind: 'entry', owner, queuedOffline, entry: { state: 'delivered' } });
  const seen = { local: false, person: 'staff-1', visible: true };
  it.each([
    ['delivered here', delivered('staff-1'), { ...seen, local: true }, true],
    ['delivered by the worker or another tab, this page visible', delivered('staff-1'), seen, true],
    ['delivered elsewhere, this page hidden', delivered('staff-1'), { ...seen, visible: false }, false],
    ['delivered here while hidden', delivered('staff-1'), { ...seen, local: true, visible: false }, true],
    ["another person's write", delivered('staff-2'), seen, false],
    ['nobody signed in here', delivered('staff-1'), { ...seen, person: null }, false],
    ['queued online', delivered('staff-1', false), { ...seen, local: true }, false],
    ['still sending', { kind: 'entry', owner: 'staff-1', queuedOffline: true, entry: { state: 'sending' } }, { ...seen, local: true }, false],
    ['removed', { kind: 'removed', owner: 'staff-1' }, { ...seen, local: true }, false],
  ] as const)('%s', (_case, change, page, counts) => {
    expect(countsForOfflineNotice(change, page)).toBe(counts);
  });
});

describe('the worker’s next step in a Background Sync event', () => {
  const waiting = (reason: OutboxProblem | null, inMs = 0) => ({ problem: reason && { reason, status: null, retryAt: null }, nextAttemptAt: NOW + inMs });
  const deadline = NOW + 60_000;
  it.each([
    ['nothing waits', [], { kind: 'done' }],
    ['only entries a page must send (a 401 the worker cannot renew, no token)', [waiting('signed-out')], { kind: 'done' }],
    ['the connection went: look again soon', [waiting('network', 8000), waiting('signed-out')], { kind: 'again', inMs: WORKER_RECHECK_MS }],
    ['a time-out counts as the connection', [waiting('timeout', 30_000)], { kind: 'again', inMs: WORKER_RECHECK_MS }],
    ['the server asked for 5 s', [waiting('unavailable', 5000)], { kind: 'again', inMs: 5000 }],
    ['the earliest of several back-offs', [waiting('busy', 9000), waiting('unavailable', 4000)], { kind: 'again', inMs: 4000 }],
    ['a try due now (another tab held it) is looked at again shortly, not at once', [waiting(null)], { kind: 'again', inMs: WORKER_RECHECK_MS / 4 }],
    ['a back-off past the event’s end', [waiting('unavailable', 61_000)], { kind: 'beyond' }],
  ] as const)('%s', (_, entries, expected) => {
    expect(workerNext(entries, { now: NOW, deadline })).toEqual(expected);
  });

  it('near the deadline, even the connection’s next look is beyond the event', () => {
    expect(workerNext([waiting('network')], { now: NOW, deadline: NOW + WORKER_RECHECK_MS - 1 })).toEqual({ kind: 'beyond' });
  });
});
