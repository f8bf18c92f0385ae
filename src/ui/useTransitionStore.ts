import { startTransition, useEffect, useState } from 'react';

type Subscribe = (listener: () => void) => () => void;

/**
 * A store's state, drawn in a transition: React renders a change in slices and gives the browser the
 * main thread between them, where useSyncExternalStore draws every change in one blocking task. On a
 * handheld, the start's change of screen (the spinner → the whole shell) was a task of half a second
 * that held every tap and scan behind it. Until the new state is drawn, the previous one stays on screen.
 * For states that change whole screens; a store whose change must show in the same frame (what a tap
 * toggles) keeps useSyncExternalStore.
 */
export function useTransitionStore<T>(subscribe: Subscribe, getSnapshot: () => T): T {
  const [held, setHeld] = useState(() => ({ getSnapshot, state: getSnapshot() }));
  // Another store (a new sign-in's flow, say): its state at once, never the previous store's.
  let current = held;
  if (held.getSnapshot !== getSnapshot) {
    current = { getSnapshot, state: getSnapshot() };
    setHeld(current);
  }
  useEffect(() => {
    const update = () => {
      const state = getSnapshot();
      startTransition(() => setHeld((previous) => (previous.getSnapshot === getSnapshot && Object.is(previous.state, state) ? previous : { getSnapshot, state })));
    };
    // A change between this render and the subscription is not missed.
    update();
    return subscribe(update);
  }, [subscribe, getSnapshot]);
  return current.state;
}
