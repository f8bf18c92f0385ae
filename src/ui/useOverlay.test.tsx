import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OVERLAY_RETRY_MS, useOverlay, type OverlayPresenter } from './useOverlay.ts';

vi.mock('./overlays.ts', () => ({}));

function Asking({ present }: { present: OverlayPresenter }) {
  useOverlay(true, present);
  return null;
}

describe('useOverlay', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('an overlay whose code or texts do not arrive is reported, and the page goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const present = vi.fn<OverlayPresenter>(async () => {
      throw new Error('texts did not arrive');
    });
    render(<Asking present={present} />);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('[overlay] could not be shown', expect.any(Error)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('an overlay that failed to show is tried again while it is wanted, later each time, and no more once it is gone', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const dismiss = vi.fn(async () => true);
    let failures = 2;
    const present = vi.fn<OverlayPresenter>(async () => {
      if (failures-- > 0) throw new Error('chunk did not arrive');
      return { dismiss };
    });
    const { unmount } = render(<Asking present={present} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(present).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(OVERLAY_RETRY_MS));
    expect(present).toHaveBeenCalledTimes(2);
    // The second wait is twice the first.
    await act(() => vi.advanceTimersByTimeAsync(OVERLAY_RETRY_MS));
    expect(present).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(OVERLAY_RETRY_MS));
    expect(present).toHaveBeenCalledTimes(3);
    unmount();
    expect(dismiss).toHaveBeenCalledTimes(1);
  });

  it('no try comes after the overlay is no longer wanted', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const present = vi.fn<OverlayPresenter>(async () => {
      throw new Error('chunk did not arrive');
    });
    const { unmount } = render(<Asking present={present} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    unmount();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(present).toHaveBeenCalledTimes(1);
  });
});
