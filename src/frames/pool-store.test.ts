import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FrameSettings } from '../../packages/frame-client/index.ts';
import { editing } from './editing.ts';
import { FRAME_LOAD_TIMEOUT_MS, FramePool, OFFLINE_READY_TIMEOUT_MS, type FrameSpec } from './pool-store.ts';

const settings = (title: string) => ({ title, language: 'vi' }) as unknown as FrameSettings;
const spec = (key: string, title = key): FrameSpec => ({
  key,
  src: `http://erp.example${key}`,
  app: 'erp',
  origin: 'http://erp.example',
  title,
  settings: settings(title),
  path: key,
});

afterEach(() => {
  vi.useRealTimers();
  editing.clear();
});

describe('FramePool', () => {
  it('knows what the page in a frame takes part in from its hello, until a document that says none replaces it', () => {
    const pool = new FramePool(() => 3);
    pool.show(spec('/a'));
    expect(pool.takesPart('/a', 'session-end')).toBe(false);
    pool.hello('/a', ['session-end']); // said while the page starts, before its load
    pool.loaded('/a');
    expect(pool.takesPart('/a', 'session-end')).toBe(true);
    pool.loaded('/a'); // a link inside the frame opened a page of version 1: no hello before its load
    expect(pool.takesPart('/a', 'session-end')).toBe(false);
    pool.hello('/a', ['session-end']);
    pool.retry('/a'); // a new element: its page has yet to say
    expect(pool.takesPart('/a', 'session-end')).toBe(false);
    pool.hello('/unknown', ['session-end']);
    expect(pool.takesPart('/unknown', 'session-end')).toBe(false);
  });

  it('shows a frame, keeps it when another is shown, and drops the least recently used beyond its size', () => {
    const pool = new FramePool(() => 2);
    pool.show(spec('/a'));
    pool.show(spec('/b'));
    pool.show(spec('/a'));
    expect(pool.getSnapshot().entries.map((entry) => entry.key)).toEqual(['/a', '/b']);
    pool.show(spec('/c'));
    expect(pool.getSnapshot()).toMatchObject({ activeKey: '/c' });
    expect(pool.getSnapshot().entries.map((entry) => entry.key)).toEqual(['/a', '/c']);
  });

  it('a frame not loaded within the time-out shows the error state; retry makes a new element', () => {
    vi.useFakeTimers();
    const pool = new FramePool(() => 3);
    pool.show(spec('/a'));
    vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS - 1);
    expect(pool.getSnapshot().entries[0]).toMatchObject({ status: 'loading', attempt: 0 });
    vi.advanceTimersByTime(1);
    expect(pool.getSnapshot().entries[0]).toMatchObject({ status: 'error' });
    pool.retry('/a');
    expect(pool.getSnapshot().entries[0]).toMatchObject({ status: 'loading', attempt: 1 });
    pool.loaded('/a');
    vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS);
    expect(pool.getSnapshot().entries[0]).toMatchObject({ status: 'ready' });
  });

  it('offline, load proves nothing: a frame that does not say ready is covered by the needs-a-connection card', () => {
    vi.useFakeTimers();
    const pool = new FramePool(() => 3);
    pool.setOffline(true);
    pool.show(spec('/a'));
    pool.loaded('/a'); // the browser's error page fires load too
    vi.advanceTimersByTime(OFFLINE_READY_TIMEOUT_MS);
    expect(pool.getSnapshot().entries[0]).toMatchObject({ status: 'needs-connection' });
    pool.retry('/a');
    pool.ready('/a');
    vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS);
    expect(pool.getSnapshot().entries[0]).toMatchObject({ status: 'ready', attempt: 1 });
  });

  it('a frame still loading when the connection drops gets the card after the offline deadline', () => {
    vi.useFakeTimers();
    const pool = new FramePool(() => 3);
    pool.show(spec('/a'));
    vi.advanceTimersByTime(OFFLINE_READY_TIMEOUT_MS + 1000);
    pool.setOffline(true);
    vi.advanceTimersByTime(OFFLINE_READY_TIMEOUT_MS - 1);
    expect(pool.getSnapshot().entries[0]).toMatchObject({ status: 'loading' });
    vi.advanceTimersByTime(1);
    expect(pool.getSnapshot().entries[0]).toMatchObject({ status: 'needs-connection' });
  });

  it('online, an app that has said ready once is shown on ready, not on load', () => {
    const pool = new FramePool(() => 3);
    pool.show(spec('/a'));
    pool.ready('/a');
    pool.show(spec('/b'));
    pool.loaded('/b');
    expect(pool.getSnapshot().entries[1]).toMatchObject({ key: '/b', status: 'loading' });
    pool.ready('/b');
    expect(pool.getSnapshot().entries[1]).toMatchObject({ key: '/b', status: 'ready' });
  });

  it('a re-keyed frame keeps its deadlines', () => {
    vi.useFakeTimers();
    const pool = new FramePool(() => 3);
    pool.show(spec('/a'));
    pool.rekey('/a', '/a2');
    vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS);
    expect(pool.getSnapshot().entries[0]).toMatchObject({ key: '/a2', status: 'error' });
  });

  it('tells a kept frame new settings by message instead of reloading it', () => {
    const pool = new FramePool(() => 3);
    const postMessage = vi.fn();
    pool.show(spec('/a', 'Old title'));
    pool.attach('/a', { contentWindow: { postMessage } } as unknown as HTMLIFrameElement);
    const [entry] = pool.getSnapshot().entries;
    pool.show(spec('/a', 'New title'));
    expect(postMessage).toHaveBeenCalledWith(expect.objectContaining({ type: 'settings', settings: settings('New title') }), 'http://erp.example');
    // Same element: the window name and address stay what the frame was created with.
    expect(pool.getSnapshot().entries[0]).toMatchObject({ id: entry!.id, src: entry!.src, name: entry!.name, title: 'New title' });
    postMessage.mockClear();
    pool.show(spec('/a', 'New title'));
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('re-keys a frame that moved on by itself, keeping its identity', () => {
    const pool = new FramePool(() => 3);
    pool.show(spec('/a'));
    const [entry] = pool.getSnapshot().entries;
    pool.rekey('/a', '/a2');
    expect(pool.getSnapshot()).toMatchObject({ activeKey: '/a2', entries: [{ key: '/a2', id: entry!.id, src: entry!.src }] });
  });

  it('only the frame shown may move the address: a kept-alive one that changes page late may not', () => {
    const pool = new FramePool(() => 3);
    pool.show(spec('/a'));
    expect(pool.routeSender('/a')).toBe('erp');
    pool.show(spec('/b'));
    expect(pool.routeSender('/a')).toBeNull();
    expect(pool.routeSender('/b')).toBe('erp');
    pool.hide();
    expect(pool.routeSender('/b')).toBeNull();
    expect(pool.routeSender('/gone')).toBeNull();
  });

  it('a dropped frame no longer counts as editing', () => {
    const pool = new FramePool(() => 1);
    pool.show(spec('/a'));
    editing.set('/a', true);
    pool.show(spec('/b'));
    expect(editing.isEditing()).toBe(false);
  });

  it('finds the frame a message came from only among its own windows', () => {
    const pool = new FramePool(() => 3);
    const window = { postMessage: vi.fn() } as unknown as Window;
    pool.show(spec('/a'));
    pool.attach('/a', { contentWindow: window } as unknown as HTMLIFrameElement);
    expect(pool.find(window)).toMatchObject({ key: '/a', origin: 'http://erp.example' });
    expect(pool.find({} as Window)).toBeNull();
    expect(pool.find(null)).toBeNull();
  });

  describe('adopting the boot step’s frame', () => {
    const frameWindow = { postMessage: vi.fn() } as unknown as Window;
    const element = { contentWindow: frameWindow } as unknown as HTMLIFrameElement;
    const early = [new MessageEvent('message', { data: 'ready' })];

    it('asks for the frame a new entry would create, with its exact window.name, and uses it', () => {
      const adopt = vi.fn(() => ({ element, loaded: false, messages: early }));
      const pool = new FramePool(() => 3, adopt);
      pool.show(spec('/a'));
      expect(adopt).toHaveBeenCalledWith({ key: '/a', src: 'http://erp.example/a', name: JSON.stringify(settings('/a')) });
      expect(pool.getSnapshot().entries[0]).toMatchObject({ key: '/a', adopted: element, status: 'loading' });
      // Its messages before anyone listened reach the listener, once; it is found as one of the pool's frames.
      expect(pool.takeEarlyMessages()).toEqual(early);
      expect(pool.takeEarlyMessages()).toEqual([]);
      expect(pool.find(frameWindow)).toMatchObject({ key: '/a' });
      // Shown again: no second adoption.
      pool.show(spec('/a'));
      expect(adopt).toHaveBeenCalledTimes(1);
    });

    it('a frame that loaded before the pool existed counts as loaded', () => {
      const pool = new FramePool(() => 3, () => ({ element, loaded: true, messages: [] }));
      pool.show(spec('/a'));
      expect(pool.getSnapshot().entries[0]?.status).toBe('ready');
    });

    it('a retry creates a new element instead of the adopted one', () => {
      const pool = new FramePool(() => 3, () => ({ element, loaded: false, messages: [] }));
      pool.show(spec('/a'));
      pool.retry('/a');
      expect(pool.getSnapshot().entries[0]).toMatchObject({ adopted: null, attempt: 1 });
    });
  });
});

describe('FramePool at the end of a session (a shared device changes hands)', () => {
  /** A pool whose frames have windows that record what the shell posts them. */
  function poolWithFrames(keys: string[]) {
    const pool = new FramePool(() => 6);
    const windows = keys.map((key) => {
      pool.show(spec(key));
      const contentWindow = { postMessage: vi.fn() } as unknown as Window;
      pool.attach(key, { contentWindow } as HTMLIFrameElement);
      return contentWindow;
    });
    return { pool, windows };
  }

  it('tells every kept-alive frame, waits until each has answered, then removes them all', async () => {
    const { pool, windows } = poolWithFrames(['/a', '/b']);
    editing.set('/b', true);
    let ended = false;
    const ending = pool.endSession().then(() => (ended = true));
    for (const window of windows) expect(window.postMessage).toHaveBeenCalledWith({ protocol: 'staff-portal/1', type: 'session-end' }, 'http://erp.example');
    pool.sessionEnded({ key: '/a', origin: 'http://erp.example', window: windows[0]! });
    await Promise.resolve();
    expect(ended).toBe(false);
    expect(pool.getSnapshot().entries).toHaveLength(2);
    pool.sessionEnded({ key: '/b', origin: 'http://erp.example', window: windows[1]! });
    await ending;
    expect(pool.getSnapshot()).toEqual({ entries: [], activeKey: null });
    expect(pool.element('/a')).toBeNull();
    expect(editing.isEditing()).toBe(false);
  });

  it('removes the frames after the deadline when one never answers', async () => {
    vi.useFakeTimers();
    const { pool, windows } = poolWithFrames(['/a', '/b']);
    const ending = pool.endSession(2000);
    pool.sessionEnded({ key: '/a', origin: 'http://erp.example', window: windows[0]! });
    vi.advanceTimersByTime(1999);
    expect(pool.getSnapshot().entries).toHaveLength(2);
    vi.advanceTimersByTime(1);
    await ending;
    expect(pool.getSnapshot().entries).toEqual([]);
  });

  it('a pool without frames ends at once; an answer nobody waits for changes nothing', async () => {
    const pool = new FramePool(() => 3);
    pool.sessionEnded({ key: '/x', origin: 'http://erp.example', window: {} as Window });
    await pool.endSession();
    expect(pool.getSnapshot().entries).toEqual([]);
  });
});
