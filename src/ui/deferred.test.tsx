import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkRecoveryContext } from './chunk-recovery.ts';
import { deferred } from './deferred.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('deferred', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('loads the component when first drawn and passes its props', async () => {
    const load = vi.fn(async () => Greeting);
    const Deferred = deferred(load);
    expect(load).not.toHaveBeenCalled();
    render(<Deferred name="Lan" />);
    expect(await screen.findByText('Hello Lan')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws again only when its props change: a parent drawn again with the same props passes it by', async () => {
    let drawn = 0;
    const Counted = ({ name }: { name: string }) => {
      drawn++;
      return <p>Hello {name}</p>;
    };
    const Deferred = deferred(async () => Counted);
    const { rerender } = render(<Deferred name="Lan" />);
    expect(await screen.findByText('Hello Lan')).toBeTruthy();
    const before = drawn;
    rerender(<Deferred name="Lan" />);
    expect(drawn).toBe(before);
    rerender(<Deferred name="Hoa" />);
    expect(screen.getByText('Hello Hoa')).toBeTruthy();
    expect(drawn).toBe(before + 1);
  });

  it('preload asks for the code before the component is drawn; drawn later, it shows at once, without its fallback', async () => {
    const load = vi.fn(async () => Greeting);
    const Deferred = deferred(load, { fallback: <p>Loading</p> });
    Deferred.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => undefined);
    render(<Deferred name="Hoa" />);
    expect(screen.getByText('Hello Hoa')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a preload that fails is tried again when the component is drawn', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const Deferred = deferred(load);
    Deferred.preload();
    await act(async () => undefined);
    render(<Deferred name="Tuan" />);
    expect(await screen.findByText('Hello Tuan')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('with idle, draws nothing and loads nothing until the browser is idle after the first render', async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => ((idle = callback), 1));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const load = vi.fn(async () => Greeting);
    const Deferred = deferred(load, { idle: true });
    const { container } = render(<Deferred name="Minh" />);
    expect(container.innerHTML).toBe('');
    expect(load).not.toHaveBeenCalled();
    await act(async () => idle?.());
    expect(await screen.findByText('Hello Minh')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with idle and no requestIdleCallback (Safari), loads on the next task', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const Deferred = deferred(async () => Greeting, { idle: true });
    render(<Deferred name="An" />);
    expect(await screen.findByText('Hello An')).toBeTruthy();
  });

  describe('when its code does not arrive', () => {
    const failing = () => {
      let fail = true;
      const load = vi.fn(async () => {
        if (fail) throw new TypeError('Failed to fetch dynamically imported module');
        return Greeting;
      });
      return { load, arrive: () => void (fail = false) };
    };
    /**
     * The connection comes back, as often as it takes for `text` to show: what listens for it is set up
     * by an effect, which may run a moment after the card (or nothing, when quiet) is drawn.
     */
    const connectionReturnsUntil = (text: string) =>
      vi.waitFor(async () => {
        await act(async () => void dispatchEvent(new Event('online')));
        expect(screen.getByText(text)).toBeTruthy();
      });

    it('shows a card with Retry in its place, and Retry loads it', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { load, arrive } = failing();
      const Deferred = deferred(load);
      render(
        <main>
          <h1>Shell</h1>
          <Deferred name="Lan" />
        </main>,
      );
      expect(await screen.findByRole('alert')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Shell' })).toBeTruthy(); // the rest stays drawn
      arrive();
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('Hello Lan')).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('tries again by itself when the connection returns', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { load, arrive } = failing();
      const Deferred = deferred(load);
      render(<Deferred name="Minh" />);
      await screen.findByRole('alert');
      arrive();
      await connectionReturnsUntil('Hello Minh');
    });

    it('quiet: shows nothing, and tries again when the connection returns', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { load, arrive } = failing();
      const Deferred = deferred(load, { quiet: true });
      const { container } = render(<Deferred name="An" />);
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
      await act(async () => undefined);
      expect(container.innerHTML).toBe('');
      arrive();
      await connectionReturnsUntil('Hello An');
    });

    it('shows no card when the page is moving to a newer release', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const afterChunkFailure = vi.fn(async () => true);
      const Deferred = deferred(failing().load);
      const { container } = render(
        <ChunkRecoveryContext.Provider value={{ afterChunkFailure }}>
          <Deferred name="Lan" />
        </ChunkRecoveryContext.Provider>,
      );
      await vi.waitFor(() => expect(afterChunkFailure).toHaveBeenCalledOnce());
      await act(async () => undefined);
      expect(container.innerHTML).toBe('');
    });
  });
});
