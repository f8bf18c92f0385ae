import { startTransition, useEffect, useState } from 'react';

/**
 * An external store read like useSyncExternalStore, but whose changes are drawn as a transition:
 * React renders them in slices and yields to the browser in between, where useSyncExternalStore
 * draws every change at once in one task. For a store whose change draws a large tree (the start
 * flow's ready shell): the previous state stays on screen until the new one is drawn, and a tap in
 * the meantime is handled between the slices.
 */
export function useStoreInTransition<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T): T {
  const [value, setValue] = useState(getSnapshot);
  useEffect(() => {
    const update = () => startTransition(() => setValue(() => getSnapshot()));
    // A change between the first render and this subscription.
    update();
    return subscribe(update);
  }, [subscribe, getSnapshot]);
  return value;
}
