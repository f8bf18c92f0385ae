import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PENDING_REPORTS, reportProblem } from '../storage/problems.ts';
import { timingPath, Tracker, type TrackingBatch } from './tracking.ts';

describe('Tracker', () => {
  it('counts response times per method, path and bucket, folding ids', async () => {
    const sent: TrackingBatch[] = [];
    const tracker = new Tracker(async (batch) => sent.push(batch));
    tracker.timing({ method: 'GET', path: '/api/v1/platforms/12/websites', status: 200, ms: 120, bucket: '200' });
    tracker.timing({ method: 'GET', path: '/api/v1/platforms/13/websites', status: 200, ms: 150, bucket: '200' });
    tracker.timing({ method: 'GET', path: '/api/v1/platforms', status: 200, ms: 900, bucket: '1000' });
    tracker.timing({ method: 'POST', path: '/api/v1/tracking/events', status: 200, ms: 10, bucket: '200' });
    await tracker.flush();
    expect(sent).toEqual([
      {
        events: [],
        responseTimes: [
          { method: 'GET', path: '/api/v1/platforms/:id/websites', bucket: '200', count: 2 },
          { method: 'GET', path: '/api/v1/platforms', bucket: '1000', count: 1 },
        ],
      },
    ]);
  });

  it('sends a batch when 50 events wait, and nothing when empty', async () => {
    const send = vi.fn(async () => undefined);
    const tracker = new Tracker(send, { maxEvents: 3 });
    await tracker.flush();
    expect(send).not.toHaveBeenCalled();
    tracker.event('page_load', 'a');
    tracker.event('custom', 'b', { code: 'E1' });
    expect(send).not.toHaveBeenCalled();
    tracker.event('page_unload', 'c');
    expect(send).toHaveBeenCalledOnce();
    expect((send.mock.calls[0] as unknown as [TrackingBatch])[0].events.map((e) => e.name)).toEqual(['a', 'b', 'c']);
  });

  it('a failing collector never throws', async () => {
    const tracker = new Tracker(async () => {
      throw new Error('down');
    });
    tracker.event('custom', 'x');
    await expect(tracker.flush()).resolves.toBeUndefined();
  });

  it.each([
    ['/api/v1/platforms/12', '/api/v1/platforms/:id'],
    ['/api/v1/seller-list', '/api/v1/seller-list'],
    ['/a/1/b/22/c', '/a/:id/b/:id/c'],
    ['/v1x/123abc', '/v1x/123abc'],
  ])('timingPath %s → %s', (path, folded) => expect(timingPath(path)).toBe(folded));
});

describe('reportProblem', () => {
  const names = (batch: TrackingBatch | undefined) => batch?.events.map((event) => event.name);
  /** Starts a tracker, sends what it took, stops it: the sent batch. */
  async function drain(): Promise<TrackingBatch | undefined> {
    const sent: TrackingBatch[] = [];
    const tracker = new Tracker(async (batch) => sent.push(batch));
    const stop = tracker.start();
    await tracker.flush();
    stop();
    return sent[0];
  }
  afterEach(async () => {
    await drain();
    sessionStorage.clear();
  });

  it('holds problems reported before any tracker, and the first tracker to start sends them', async () => {
    reportProblem('storage_invalid', { key: 'currentSeller' });
    expect(JSON.parse(sessionStorage.getItem('pendingTrackingEvents') ?? '[]')).toHaveLength(1);
    const batch = await drain();
    expect(batch?.events[0]).toMatchObject({ type: 'custom', name: 'storage_invalid', properties: { key: 'currentSeller' } });
    expect(sessionStorage.getItem('pendingTrackingEvents')).toBeNull();
  });

  it('goes straight to a running tracker', async () => {
    const sent: TrackingBatch[] = [];
    const tracker = new Tracker(async (batch) => sent.push(batch));
    const stop = tracker.start();
    reportProblem('offline_cache_problem', { kind: 'discarded' });
    await tracker.flush();
    stop();
    expect(names(sent[0])).toEqual(['offline_cache_problem']);
    expect(sessionStorage.getItem('pendingTrackingEvents')).toBeNull();
  });

  it('drains when its drainWhen says, and not at all when stopped before', async () => {
    reportProblem('storage_invalid', { key: 'currentSeller' });
    const sent: TrackingBatch[] = [];
    let drainNow: (() => void) | undefined;
    const cancel = vi.fn();
    const waiting = new Tracker(async (batch) => sent.push(batch), { drainWhen: (drain) => ((drainNow = drain), cancel) });
    const stopWaiting = waiting.start();
    await waiting.flush();
    expect(sent).toEqual([]);
    expect(sessionStorage.getItem('pendingTrackingEvents')).not.toBeNull();
    stopWaiting();
    expect(cancel).toHaveBeenCalledOnce();

    const later = new Tracker(async (batch) => sent.push(batch), { drainWhen: (drain) => ((drainNow = drain), cancel) });
    const stop = later.start();
    drainNow?.();
    await later.flush();
    stop();
    expect(names(sent[0])).toEqual(['storage_invalid']);
  });

  it('keeps at most MAX_PENDING_REPORTS', async () => {
    for (let i = 0; i < MAX_PENDING_REPORTS + 5; i++) reportProblem('storage_invalid', { i });
    expect((await drain())?.events).toHaveLength(MAX_PENDING_REPORTS);
  });

  it.each([
    ['reports kept by the page before the sign-in redirect', JSON.stringify([{ type: 'custom', name: 'storage_invalid', at: '2030-01-01T00:00:00Z', properties: { key: 'oidc.user:x' } }]), ['storage_invalid']],
    ['garbage', '{"not":"a list"', []],
    ['a wrong shape', JSON.stringify([{ type: 'page_load', name: 1 }]), []],
  ])('a new page takes %s from this tab', async (_name, kept, expected) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    sessionStorage.setItem('pendingTrackingEvents', kept);
    vi.resetModules();
    const fresh = await import('./tracking.ts');
    const sent: TrackingBatch[] = [];
    const tracker = new fresh.Tracker(async (batch) => sent.push(batch));
    const stop = tracker.start();
    await tracker.flush();
    stop();
    expect(sent.flatMap((batch) => batch.events.map((event) => event.name))).toEqual(expected);
  });
});
