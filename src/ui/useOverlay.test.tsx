import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOverlay, type OverlayPresenter } from './useOverlay.ts';

vi.mock('./overlays.ts', () => ({}));

function Asking({ present }: { present: OverlayPresenter }) {
  useOverlay(true, present);
  return null;
}

describe('useOverlay', () => {
  afterEach(cleanup);

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
});
