import { act, cleanup, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStoreInTransition } from './useStoreInTransition.ts';

function store(initial: string) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribed: () => listeners.size,
    getSnapshot: () => value,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: string) {
      value = next;
      listeners.forEach((listener) => listener());
    },
  };
}

type Store = ReturnType<typeof store>;
const InTransition = ({ source }: { source: Store }) => <p>{useStoreInTransition(source.subscribe, source.getSnapshot)}</p>;
const AtOnce = ({ source }: { source: Store }) => <p>{useSyncExternalStore(source.subscribe, source.getSnapshot)}</p>;

/** Past the microtasks that follow a change, but not the next task. */
const microtasks = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
const nextTasks = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('useStoreInTransition', () => {
  afterEach(() => {
    cleanup();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('draws the store, and a change made before it subscribed', async () => {
    const source = store('loading');
    render(<InTransition source={source} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => source.set('ready'));
    expect(screen.getByText('ready')).toBeTruthy();
    expect(source.subscribed()).toBe(1);
    cleanup();
    expect(source.subscribed()).toBe(0);
  });

  it('draws a change in a task of its own, where useSyncExternalStore draws it in the microtasks right after', async () => {
    const transition = store('loading');
    const atOnce = store('loading');
    render(
      <>
        <InTransition source={transition} />
        <AtOnce source={atOnce} />
      </>,
    );
    // The scheduler's real timing: outside act, as in the browser.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    atOnce.set('at once');
    transition.set('in transition');
    await microtasks();
    expect(screen.getByText('at once')).toBeTruthy();
    expect(screen.queryByText('in transition')).toBeNull();
    await nextTasks();
    expect(screen.getByText('in transition')).toBeTruthy();
  });
});
