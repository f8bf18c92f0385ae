import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from './idle.ts';

export interface DeferredOptions {
  /**
   * Load only once the browser is idle after the component is first drawn: for parts drawn at start
   * that must not compete with it (the start frame is created in a render right after the shell's).
   */
  idle?: boolean;
}

/**
 * A component whose code loads when it is first drawn, not before the start frame (issue 12): for
 * parts of the shell a start does not need at once. It draws nothing until its chunk arrives
 * (from the service worker's precache, usually within a frame or two).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, { idle = false }: DeferredOptions = {}): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Deferred(props: P) {
    const ready = useIdle(idle);
    return ready ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : null;
  }
  return Deferred;
}

/** False until the first idle moment after mounting (true at once when not waiting). */
function useIdle(wait: boolean): boolean {
  const [ready, setReady] = useState(!wait);
  useEffect(() => {
    if (!ready) return whenIdle(() => setReady(true));
  }, [ready]);
  return ready;
}
