import { describe, expect, it, vi } from 'vitest';
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
