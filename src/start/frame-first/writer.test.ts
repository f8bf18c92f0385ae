import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { FrameSettings } from '../../../packages/frame-client/index.ts';
import { stampFrameFirst } from './record.ts';
import type { FrameEntry, FrameSpec, PoolSnapshot } from '../../frames/pool-store.ts';
import { FRAME_ALLOW, frameWindowName } from '../../frames/settings.ts';
import type { UpgradeWindow } from '../../maintenance/windows.ts';
import type { ShellPicture } from '../picture/shape.ts';
import { frameFirstFrame, writeFrameFirstRecord, writeFrameFirstRecordWhenIdle, type FrameFirstRecordInput } from './write.ts';
import { pictureSignature, stampFrameFirstLater, useFrameFirstRecord } from './writer.ts';

const spec = (path: string): FrameSpec => ({
  key: path,
  path,
  src: `http://apps.localhost:4200/pos${path}`,
  app: 'pos',
  origin: 'http://apps.localhost:4200',
  title: 'Point of sale',
  settings: { title: 'Point of sale', language: 'en' } as unknown as FrameSettings,
});
const posUpgrade: UpgradeWindow = { pathPrefix: '/pos', start: 10, end: 20, service: 'POS' };
const box = { top: 64, right: 0, bottom: 0, left: 280, wide: true };
const picture = (drawnFor: string): ShellPicture => ({ drawnFor, width: 1024, height: 768, background: '#fff', boxes: [] });


// The person whose snapshot stamps the record is signed in (record.ts stamps no one else).
beforeEach(() => localStorage.setItem('oidc.user:x', JSON.stringify({ access_token: 't', expires_at: 2_000_000_000, profile: { sub: 'staff-0002' } })));
afterEach(() => localStorage.clear());

describe('frameFirstFrame', () => {
  it('is the frame exactly as the pool creates it: its window.name, permissions policy and closing windows', () => {
    expect(frameFirstFrame('/pos?x=1', spec('/pos'), [posUpgrade], box, null)).toEqual({
      path: '/pos?x=1',
      key: '/pos',
      src: 'http://apps.localhost:4200/pos/pos',
      name: frameWindowName(spec('/pos').settings),
      title: 'Point of sale',
      allow: FRAME_ALLOW,
      closed: [[10, 20]],
      box,
      picture: null,
    });
  });
});

/** The pool's states as the writer reads them: `key` loading, or nothing loading; `settle()` ends the loading. */
function framesState(loadingKey: string | null = null) {
  let snapshot: PoolSnapshot = { entries: loadingKey ? [{ key: loadingKey, status: 'loading' } as FrameEntry] : [], activeKey: loadingKey };
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    settle() {
      snapshot = { ...snapshot, entries: snapshot.entries.map((entry) => ({ ...entry, status: 'ready' as const })) };
      listeners.forEach((listener) => listener());
    },
    listeners,
  };
}

const element = { getBoundingClientRect: () => ({ top: 64, left: 280, width: innerWidth - 280, height: innerHeight - 64 }) } as HTMLIFrameElement;
const input: FrameFirstRecordInput = {
  enabled: true,
  sub: 'staff-0002',
  path: '/pos',
  active: spec('/pos'),
  frameAt: (path) => spec(path),
  closing: () => [],
  element: () => element,
  frames: framesState(),
  drawnFor: () => 'menu 1',
};
const frames = () => (JSON.parse(localStorage.getItem('frameFirst')!) as { frames: { path: string; picture: ShellPicture | null }[] }).frames;
const paths = () => frames().map((frame) => frame.path);
const stamp = () => stampFrameFirst({ sub: 'staff-0002', version: 'v', savedAt: 1, maxAgeMs: 10, userEntry: 'oidc.user:x' });

describe('writeFrameFirstRecord', () => {
  it('keeps a route’s picture while the menu and names it shows stay, and drops it when they change', () => {
    stamp();
    writeFrameFirstRecord(input, 'leaving', picture);
    writeFrameFirstRecord({ ...input, path: '/pos/orders', active: spec('/pos/orders') }, 'leaving', picture);
    expect(frames().map((frame) => frame.picture?.drawnFor ?? null)).toEqual(['menu 1', 'menu 1']);
    // The menu changed (a permission went): the kept route's picture of the old menu goes with it.
    writeFrameFirstRecord({ ...input, path: '/pos/orders', active: spec('/pos/orders'), drawnFor: () => 'menu 2' }, 'leaving', picture);
    expect(frames().map((frame) => frame.picture?.drawnFor ?? null)).toEqual(['menu 2', null]);
  });

  it('reuses at an idle moment the route’s kept picture that shows the same, and takes the shell as it is when the page is left', () => {
    stamp();
    const taken = vi.fn((drawnFor: string) => ({ ...picture(drawnFor), width: innerWidth, height: innerHeight }));
    writeFrameFirstRecord(input, 'idle', taken);
    expect(taken).toHaveBeenCalledTimes(1);
    // A repeat start of the same route, the same menu, viewport and frame box: no picture is taken.
    writeFrameFirstRecord(input, 'idle', taken);
    expect(taken).toHaveBeenCalledTimes(1);
    writeFrameFirstRecord(input, 'leaving', taken);
    expect(taken).toHaveBeenCalledTimes(2);
    expect(frames()[0]?.picture?.drawnFor).toBe('menu 1');
  });

  it('takes a new picture at an idle moment when the menu, the viewport or the frame’s box changed', () => {
    stamp();
    const taken = vi.fn((drawnFor: string) => ({ ...picture(drawnFor), width: innerWidth, height: innerHeight }));
    writeFrameFirstRecord(input, 'idle', taken);
    writeFrameFirstRecord({ ...input, drawnFor: () => 'menu 2' }, 'idle', taken);
    expect(taken).toHaveBeenCalledTimes(2);
    const smaller = { getBoundingClientRect: () => ({ top: 64, left: 300, width: innerWidth - 300, height: innerHeight - 64 }) } as HTMLIFrameElement;
    writeFrameFirstRecord({ ...input, drawnFor: () => 'menu 2', element: () => smaller }, 'idle', taken);
    expect(taken).toHaveBeenCalledTimes(3);
    const otherViewport = vi.fn((drawnFor: string) => ({ ...picture(drawnFor), width: innerWidth + 1, height: innerHeight }));
    // Left in a viewport of another size (a turned phone): the kept picture is of that size, and taken again.
    writeFrameFirstRecord({ ...input, drawnFor: () => 'menu 2', element: () => smaller }, 'leaving', otherViewport);
    writeFrameFirstRecord({ ...input, drawnFor: () => 'menu 2', element: () => smaller }, 'idle', taken);
    expect(taken).toHaveBeenCalledTimes(4);
  });

  it('names what the pictures show only when a record of this user is there to write', () => {
    const drawnFor = vi.fn(() => 'menu 1');
    const taken = vi.fn(picture);
    writeFrameFirstRecord({ ...input, drawnFor }, 'idle', taken);
    expect(drawnFor).not.toHaveBeenCalled();
    expect(taken).not.toHaveBeenCalled();
    expect(localStorage.getItem('frameFirst')).toBeNull();
  });
});

describe('writeFrameFirstRecordWhenIdle', () => {
  const sized = (drawnFor: string): ShellPicture => ({ ...picture(drawnFor), width: innerWidth, height: innerHeight });

  it('takes a route’s first picture in slices, then records it with the route', async () => {
    stamp();
    const inSlices = vi.fn((drawnFor: string) => Promise.resolve(sized(drawnFor)));
    await writeFrameFirstRecordWhenIdle(input, new AbortController().signal, inSlices);
    expect(inSlices).toHaveBeenCalledTimes(1);
    expect(inSlices.mock.calls[0]?.[0]).toBe('menu 1');
    expect(frames()).toEqual([expect.objectContaining({ path: '/pos', picture: sized('menu 1') })]);
  });

  it('keeps the kept picture that shows the same without taking any, and takes one when the menu changed', async () => {
    stamp();
    writeFrameFirstRecord(input, 'leaving', sized);
    const inSlices = vi.fn((drawnFor: string) => Promise.resolve(sized(drawnFor)));
    await writeFrameFirstRecordWhenIdle(input, new AbortController().signal, inSlices);
    expect(inSlices).not.toHaveBeenCalled();
    expect(frames()[0]?.picture?.drawnFor).toBe('menu 1');
    await writeFrameFirstRecordWhenIdle({ ...input, drawnFor: () => 'menu 2' }, new AbortController().signal, inSlices);
    expect(inSlices).toHaveBeenCalledTimes(1);
    expect(frames()[0]?.picture?.drawnFor).toBe('menu 2');
  });

  it('takes a new picture only once the frame shown has loaded: its slices do not compete with that page', async () => {
    stamp();
    const state = framesState('/pos');
    const inSlices = vi.fn((drawnFor: string) => Promise.resolve(sized(drawnFor)));
    const written = writeFrameFirstRecordWhenIdle({ ...input, frames: state }, new AbortController().signal, inSlices);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inSlices).not.toHaveBeenCalled();
    state.settle();
    await written;
    expect(inSlices).toHaveBeenCalledTimes(1);
    expect(state.listeners.size).toBe(0);
    expect(paths()).toEqual(['/pos']);
  });

  it('stops waiting for the frame shown to load when the shell moves on, and writes nothing', async () => {
    stamp();
    const state = framesState('/pos');
    const moved = new AbortController();
    const inSlices = vi.fn((drawnFor: string) => Promise.resolve(sized(drawnFor)));
    const written = writeFrameFirstRecordWhenIdle({ ...input, frames: state }, moved.signal, inSlices);
    moved.abort();
    await written;
    expect(inSlices).not.toHaveBeenCalled();
    expect(state.listeners.size).toBe(0);
    expect(frames()).toEqual([]);
  });

  it('writes nothing when the shell moved on while the picture was taken', async () => {
    stamp();
    const moved = new AbortController();
    await writeFrameFirstRecordWhenIdle(input, moved.signal, () => {
      moved.abort();
      return Promise.resolve(null);
    });
    expect(frames()).toEqual([]);
  });

  it('takes no picture and names nothing without a record of this user', async () => {
    const drawnFor = vi.fn(() => 'menu 1');
    const inSlices = vi.fn((forMenu: string) => Promise.resolve(sized(forMenu)));
    await writeFrameFirstRecordWhenIdle({ ...input, drawnFor }, new AbortController().signal, inSlices);
    expect(inSlices).not.toHaveBeenCalled();
    expect(drawnFor).not.toHaveBeenCalled();
    expect(localStorage.getItem('frameFirst')).toBeNull();
  });

  it('reads the record once when the route keeps its picture (every repeat start)', async () => {
    stamp();
    writeFrameFirstRecord(input, 'leaving', sized);
    const read = vi.spyOn(localStorage, 'getItem');
    await writeFrameFirstRecordWhenIdle(input, new AbortController().signal, (forMenu) => Promise.resolve(sized(forMenu)));
    expect(read.mock.calls.filter(([key]) => key === 'frameFirst')).toHaveLength(1);
    read.mockRestore();
  });

  it('names what the pictures show once per write', async () => {
    stamp();
    const drawnFor = vi.fn(() => 'menu 1');
    await writeFrameFirstRecordWhenIdle({ ...input, drawnFor }, new AbortController().signal, (forMenu) => Promise.resolve(sized(forMenu)));
    expect(drawnFor).toHaveBeenCalledTimes(1);
  });
});

describe('useFrameFirstRecord', () => {
  it('records the shown frame once the browser is idle, and again as the page is left', async () => {
    stamp();
    const { rerender, unmount } = renderHook((props: FrameFirstRecordInput) => useFrameFirstRecord(props), { initialProps: input });
    await vi.waitFor(() => expect(paths()).toEqual(['/pos']));
    rerender({ ...input, path: '/pos/orders', active: spec('/pos/orders') });
    // Leaving the page writes at once: the writing chunk is there since the first idle moment.
    dispatchEvent(new Event('pagehide'));
    expect(paths()).toEqual(['/pos/orders', '/pos']);
    unmount();
  });

  it('records the shown frame in a record that starts afresh after the shell’s idle moment (a first start’s stamp comes later)', async () => {
    const { unmount } = renderHook(() => useFrameFirstRecord(input));
    onTestFinished(unmount);
    // The shell's idle moment (the next task here: the test DOM has no requestIdleCallback) and the
    // writing chunk's import pass with no record of this user: nothing is written.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem('frameFirst')).toBeNull();
    await stampFrameFirstLater({ sub: 'staff-0002', version: 'v', savedAt: 1, maxAgeMs: 10, userEntry: 'oidc.user:x' });
    await vi.waitFor(() => expect(paths()).toEqual(['/pos']));
  });

  it('writes nothing offline', () => {
    stamp();
    renderHook(() => useFrameFirstRecord({ ...input, enabled: false }));
    dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem('frameFirst')!)).toMatchObject({ frames: [] });
  });
});

describe('pictureSignature', () => {
  it('names equal parts equally and different parts differently', () => {
    expect(pictureSignature(['en', 'Thu Ngân', '/pos'])).toBe(pictureSignature(['en', 'Thu Ngân', '/pos']));
    expect(pictureSignature(['en', 'Thu Ngân', '/pos'])).not.toBe(pictureSignature(['en', 'Thu Ngân', '/pos', '/orders']));
    expect(pictureSignature(['a', 'bc'])).not.toBe(pictureSignature(['ab', 'c']));
  });
});
