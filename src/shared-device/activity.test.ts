import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAME_SAMPLE_MS, watchActivity } from './activity.ts';

/** A window as the watcher sees it: its events, the focused element and the user activation. */
function fakeWindow() {
  const events = new EventTarget();
  const state = { activeElement: { tagName: 'BODY' }, userActivation: { isActive: false } };
  const target = Object.assign(events, { document: state, navigator: state }) as unknown as Window;
  return { target, state };
}

describe('activity on a shared device', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(['pointerdown', 'touchstart', 'keydown', 'wheel'])('%s in the shell counts', (type) => {
    const { target } = fakeWindow();
    const onActivity = vi.fn();
    const stop = watchActivity(onActivity, target);
    target.dispatchEvent(new Event(type));
    expect(onActivity).toHaveBeenCalledOnce();
    stop();
    target.dispatchEvent(new Event(type));
    expect(onActivity).toHaveBeenCalledOnce();
  });

  it('a move of the mouse alone does not: nobody need hold the device for it', () => {
    const { target } = fakeWindow();
    const onActivity = vi.fn();
    watchActivity(onActivity, target);
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('pointermove'));
    expect(onActivity).not.toHaveBeenCalled();
  });

  it('while focus is in a frame, its touches and keys count through the user activation they give the shell', () => {
    const { target, state } = fakeWindow();
    const onActivity = vi.fn();
    const stop = watchActivity(onActivity, target);
    // A tap in the frame: focus leaves the shell's window for it, with a fresh activation.
    state.activeElement = { tagName: 'IFRAME' };
    state.userActivation.isActive = true;
    target.dispatchEvent(new Event('blur'));
    expect(onActivity).toHaveBeenCalledOnce();
    state.userActivation.isActive = false;
    vi.advanceTimersByTime(FRAME_SAMPLE_MS * 3);
    expect(onActivity).toHaveBeenCalledOnce();
    // A scan typed into the frame a while later.
    state.userActivation.isActive = true;
    vi.advanceTimersByTime(FRAME_SAMPLE_MS);
    expect(onActivity).toHaveBeenCalledTimes(2);
    // Back in the shell: its own events count again, and the frame is no longer looked at.
    target.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(FRAME_SAMPLE_MS * 3);
    expect(onActivity).toHaveBeenCalledTimes(2);
    stop();
  });

  it('focus leaving for another window is not activity, and nothing is sampled then', () => {
    const { target, state } = fakeWindow();
    const onActivity = vi.fn();
    watchActivity(onActivity, target);
    state.userActivation.isActive = true;
    target.dispatchEvent(new Event('blur'));
    vi.advanceTimersByTime(FRAME_SAMPLE_MS * 3);
    expect(onActivity).not.toHaveBeenCalled();
  });

  it('samples at once when focus is already in a frame as it starts watching; stopping ends the sampling', () => {
    const { target, state } = fakeWindow();
    state.activeElement = { tagName: 'IFRAME' };
    const onActivity = vi.fn();
    const stop = watchActivity(onActivity, target);
    stop();
    state.userActivation.isActive = true;
    vi.advanceTimersByTime(FRAME_SAMPLE_MS * 3);
    expect(onActivity).not.toHaveBeenCalled();
  });
});
