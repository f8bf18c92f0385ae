import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Capability, FrameSettings } from '../../packages/frame-client/index.ts';
import { takeUpAfterIdle, FRAMES_DEFAULTS } from './after-idle.ts';
import { tellFrame } from './messenger.ts';
import { FramePool, type FrameSpec } from './pool-store.ts';

const settings = (title: string) => ({ title, language: 'vi' }) as unknown as FrameSettings;
const POS = 'http://pos.example';
const spec = (path: string, { app = 'pos', origin = POS, query = '' } = {}): FrameSpec => ({
  key: `${origin}${path}${query}`,
  src: `${origin}${path}${query}`,
  app,
  origin,
  title: `title of ${path}`,
  settings: settings(`title of ${path}`),
  path,
  params: path.startsWith('/orders/') ? { id: path.slice('/orders/'.length) } : {},
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/** A pool whose frames have windows recording what the shell tells them; `open` shows a route and lets its page start. */
function setup({ size = 3, answerMs = FRAMES_DEFAULTS.navigateAnswerMs } = {}) {
  const pool = new FramePool(() => size);
  const windows = new Map<number, { postMessage: ReturnType<typeof vi.fn> }>();
  /** Gives every entry without one a window (React would attach the element). */
  const attachAll = () => {
    for (const entry of pool.getSnapshot().entries) {
      if (!windows.has(entry.id * 100 + entry.attempt)) windows.set(entry.id * 100 + entry.attempt, { postMessage: vi.fn() });
      pool.attach(entry.key, { contentWindow: windows.get(entry.id * 100 + entry.attempt) } as unknown as HTMLIFrameElement);
    }
  };
  const open = (route: FrameSpec, capabilities: Capability[] = ['navigate', 'visibility']) => {
    pool.show(route);
    attachAll();
    pool.hello(route.key, capabilities);
    pool.ready(route.key);
  };
  const windowOf = (key: string) => {
    const entry = pool.getSnapshot().entries.find((candidate) => candidate.key === key)!;
    return windows.get(entry.id * 100 + entry.attempt)!;
  };
  const told = (key: string, type: string) =>
    windowOf(key)
      .postMessage.mock.calls.map(([message]) => message as { type: string })
      .filter((message) => message.type === type);
  const takeUp = () => takeUpAfterIdle(pool, () => ({ sub: 'staff-1', frameAt: () => null, offlineMode: false, frames: { ...FRAMES_DEFAULTS, navigateAnswerMs: answerMs } }), tellFrame);
  return { pool, open, takeUp, windowOf, told, attachAll };
}

describe('moves in place (the pool’s part after the first screen)', () => {
  it('before that part has loaded, another route of the same app gets a new document, as for an app of version 1', () => {
    const { pool, open } = setup();
    open(spec('/dpos/orders'));
    pool.show(spec('/dpos/clone-order'));
    expect(pool.getSnapshot().entries).toHaveLength(2);
  });

  it('moves the app’s live frame to the route: the same frame, shown at once under the new address, told the path, params, query and settings', () => {
    const { pool, open, takeUp, told, windowOf } = setup();
    open(spec('/dpos/orders'));
    takeUp();
    const [before] = pool.getSnapshot().entries;
    const target = spec('/orders/42', { query: '?page=2' });
    pool.show(target);
    expect(pool.getSnapshot()).toMatchObject({ activeKey: target.key, entries: [{ id: before!.id, key: target.key, src: before!.src, title: target.title, attempt: 0 }] });
    expect(told(target.key, 'navigate')).toEqual([
      { protocol: 'staff-portal/1', type: 'navigate', navigation: expect.any(String), route: { path: '/orders/42', params: { id: '42' }, query: '?page=2', settings: settings('title of /orders/42') } },
    ]);
    // Its settings came with the move: no separate settings message.
    expect(told(target.key, 'settings')).toEqual([]);
    expect(windowOf(target.key).postMessage.mock.calls.every(([, origin]) => origin === POS)).toBe(true);
  });

  it('takes the answer that names the move, or any route sync, once; a stale or late one is none; an answered move is never reloaded', () => {
    vi.useFakeTimers();
    const { pool, open, takeUp, told } = setup();
    open(spec('/dpos/orders'));
    takeUp();
    const target = spec('/dpos/clone-order');
    pool.show(target);
    const [move] = told(target.key, 'navigate') as unknown as { navigation: string }[];
    expect(pool.answered(target.key, 'another-move')).toBe(false);
    expect(pool.answered('http://elsewhere.example/x', move!.navigation)).toBe(false);
    expect(pool.answered(target.key, move!.navigation)).toBe(true);
    expect(pool.answered(target.key, move!.navigation)).toBe(false);
    vi.advanceTimersByTime(FRAMES_DEFAULTS.navigateAnswerMs * 2);
    expect(pool.getSnapshot().entries[0]).toMatchObject({ attempt: 0, status: 'ready' });
    // The app's router syncing by itself answers too.
    pool.show(spec('/dpos/orders'));
    expect(pool.answered(spec('/dpos/orders').key)).toBe(true);
  });

  it('no answer in time: a new document at the address, and that app is not asked again this session', () => {
    vi.useFakeTimers();
    const { pool, open, takeUp } = setup({ answerMs: 1500 });
    open(spec('/dpos/orders'));
    takeUp();
    const target = spec('/dpos/clone-order');
    pool.show(target);
    vi.advanceTimersByTime(1499);
    expect(pool.getSnapshot().entries[0]).toMatchObject({ attempt: 0 });
    vi.advanceTimersByTime(1);
    expect(pool.getSnapshot().entries[0]).toMatchObject({ key: target.key, src: target.src, name: JSON.stringify(target.settings), attempt: 1, status: 'loading' });
    expect(pool.answered(target.key)).toBe(false); // its answer now would come too late
    // The new document routes in place and has drawn: all the same, the app gets new documents now.
    pool.hello(target.key, ['navigate']);
    pool.ready(target.key);
    pool.show(spec('/dpos/orders'));
    expect(pool.getSnapshot().entries).toHaveLength(2);
  });

  it('a frame that went out of view while it waited gets a new document but its app is asked again (it may only not have drawn)', () => {
    vi.useFakeTimers();
    const { pool, open, takeUp } = setup();
    open(spec('/dpos/orders'));
    open(spec('/other', { app: 'erp', origin: 'http://erp.example' }));
    takeUp();
    pool.show(spec('/dpos/clone-order'));
    pool.show(spec('/other', { app: 'erp', origin: 'http://erp.example' }));
    vi.advanceTimersByTime(FRAMES_DEFAULTS.navigateAnswerMs);
    const moved = pool.getSnapshot().entries.find((entry) => entry.app === 'pos')!;
    expect(moved).toMatchObject({ key: spec('/dpos/clone-order').key, attempt: 1 });
    pool.hello(moved.key, ['navigate']);
    pool.ready(moved.key);
    pool.show(spec('/dpos/orders'));
    expect(pool.getSnapshot().entries).toHaveLength(2);
  });

  it('Back to the previous route is in place too, and the keep-alive order is a new frame’s', () => {
    const { pool, open, takeUp } = setup({ size: 2 });
    open(spec('/a', { app: 'erp', origin: 'http://erp.example' }));
    open(spec('/dpos/orders'));
    takeUp();
    pool.show(spec('/dpos/clone-order'));
    pool.answered(spec('/dpos/clone-order').key);
    pool.show(spec('/dpos/orders'));
    expect(pool.getSnapshot().entries.map((entry) => entry.key)).toEqual([spec('/a', { app: 'erp', origin: 'http://erp.example' }).key, spec('/dpos/orders').key]);
    // The moved frame is the most recently used: a third app's frame takes the other one's room.
    pool.show(spec('/c', { app: 'crm', origin: 'http://crm.example' }));
    expect(pool.getSnapshot().entries.map((entry) => entry.app)).toEqual(['pos', 'crm']);
  });

  it('moves only a frame of that app and origin whose page took part in navigate and has drawn; a route kept alive is shown as it is', () => {
    const { pool, open, takeUp } = setup({ size: 6 });
    open(spec('/dpos/orders'), ['session-end']);
    open(spec('/x', { app: 'pos', origin: 'http://elsewhere.example' }));
    takeUp();
    pool.show(spec('/dpos/clone-order'));
    expect(pool.getSnapshot().entries).toHaveLength(3);
    pool.show(spec('/loading'));
    const loading = spec('/loading');
    expect(pool.getSnapshot().entries.find((entry) => entry.key === loading.key)?.status).toBe('loading');
    pool.hello(loading.key, ['navigate']); // not drawn yet
    pool.show(spec('/dpos/end-shift'));
    expect(pool.getSnapshot().entries).toHaveLength(5);
    const ids = pool.getSnapshot().entries.map((entry) => entry.id);
    pool.show(spec('/dpos/orders'));
    expect(pool.getSnapshot().entries.map((entry) => entry.id)).toEqual(ids);
  });
});

describe('visibility (the pool’s part after the first screen)', () => {
  it('tells the frames that take part when they are shown or hidden, a re-keyed frame staying the same one', () => {
    const { pool, open, takeUp, told } = setup({ size: 6 });
    const a = spec('/a', { app: 'erp', origin: 'http://erp.example' });
    open(a);
    open(spec('/dpos/orders'), ['navigate']);
    takeUp();
    // Hidden before this part loaded: told now.
    expect(told(a.key, 'visibility')).toEqual([{ protocol: 'staff-portal/1', type: 'visibility', state: 'hidden' }]);
    pool.show(a);
    pool.rekey(a.key, `${a.key}/moved`);
    pool.show(spec('/dpos/orders'));
    expect(told(`${a.key}/moved`, 'visibility').map((message) => (message as unknown as { state: string }).state)).toEqual(['hidden', 'visible', 'hidden']);
    // A page that does not take part is told nothing.
    expect(told(spec('/dpos/orders').key, 'visibility')).toEqual([]);
  });

  it('a page that says hello learns whether it is shown now, whatever its window.name said', () => {
    const { pool, takeUp, attachAll, told } = setup();
    takeUp();
    const a = spec('/a', { app: 'erp', origin: 'http://erp.example' });
    pool.show(a);
    attachAll();
    pool.show(spec('/dpos/orders'));
    pool.hello(a.key, ['visibility']);
    expect(told(a.key, 'visibility')).toEqual([{ protocol: 'staff-portal/1', type: 'visibility', state: 'hidden' }]);
  });
});
