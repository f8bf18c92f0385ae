import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('deferred', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the component when first drawn and passes its props', async () => {
    const load = vi.fn(async () => Greeting);
    const Deferred = deferred(load);
    expect(load).not.toHaveBeenCalled();
    render(<Deferred name="Lan" />);
    expect(await screen.findByText('Hello Lan')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
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
});
