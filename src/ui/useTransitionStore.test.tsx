import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTransitionStore } from './useTransitionStore.ts';

function storeOf(initial: string) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    set(next: string) {
      state = next;
      listeners.forEach((listener) => listener());
    },
  };
}
type Store = ReturnType<typeof storeOf>;

function Shown({ store, drawn }: { store: Store; drawn?: string[] }) {
  const state = useTransitionStore(store.subscribe, store.getState);
  drawn?.push(state);
  return <p>{state}</p>;
}

const microtasks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
const aTask = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('useTransitionStore', () => {
  let container: HTMLElement;
  let root: Root;
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    root = createRoot(container);
  });
  afterEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    act(() => root.unmount());
  });

  it('draws a change in a later task, not in the microtasks of the task that made it (where a blocking render would)', async () => {
    const store = storeOf('spinner');
    await act(async () => root.render(<Shown store={store} />));
    expect(container.textContent).toBe('spinner');
    // Outside act: React's own scheduling, as in the browser.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    store.set('shell');
    await microtasks();
    expect(container.textContent).toBe('spinner');
    await aTask();
    expect(container.textContent).toBe('shell');
  });

  it('misses no change made between the first render and the subscription', async () => {
    const store = storeOf('spinner');
    await act(async () => {
      root.render(<Shown store={store} />);
      store.set('shell');
    });
    expect(container.textContent).toBe('shell');
  });

  it('another store shows its own state at once, never the previous store’s', async () => {
    const first = storeOf('first person’s shell');
    const second = storeOf('next person’s spinner');
    await act(async () => root.render(<Shown store={first} />));
    const drawn: string[] = [];
    await act(async () => root.render(<Shown store={second} drawn={drawn} />));
    expect(drawn).not.toContain('first person’s shell');
    expect(container.textContent).toBe('next person’s spinner');
    await act(async () => second.set('next person’s shell'));
    expect(container.textContent).toBe('next person’s shell');
    await act(async () => first.set('ignored'));
    expect(container.textContent).toBe('next person’s shell');
  });
});
