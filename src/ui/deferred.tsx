import { memo, useCallback, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ChunkFailedCard } from './ChunkFailedCard.tsx';
import { ChunkRecoveryContext } from './chunk-recovery.ts';
import { whenIdle } from './idle.ts';

export interface DeferredOptions<P> {
  /**
   * Load only once the browser is idle after the component is first drawn: for parts drawn at start
   * that must not compete with it (the start frame is created in a render right after the shell's).
   */
  idle?: boolean;
  /** Drawn while the code loads (nothing by default); may depend on the props. */
  fallback?: ReactNode | ((props: P) => ReactNode);
  /**
   * A part that draws nothing of its own until later (push registration, say): when its code does
   * not arrive it shows no card, and tries again when the connection returns.
   */
  quiet?: boolean;
}

type Load<P> = () => Promise<ComponentType<P>>;

/** A deferred component; `preload()` asks for its code before it is drawn (a failure shows when it is drawn). */
export type DeferredComponent<P> = ComponentType<P> & { preload(): void };

/**
 * A component whose code loads when it is first drawn, not before the start frame: for
 * parts of the shell a start does not need at once, and the one way the portal loads a component
 * lazily. When its chunk does not arrive (connection gone, or a release the server no longer has)
 * the page moves to the new release, or this part alone shows ChunkFailedCard with Retry and tries
 * again when the connection returns: the rest of the shell stays drawn. It draws again only when its
 * props change (or a context it reads).
 */
export function deferred<P extends object>(load: Load<P>, { idle = false, fallback = null, quiet = false }: DeferredOptions<P> = {}): DeferredComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // asked for again on the next try
        throw error;
      },
    );
    return loading;
  };
  function Deferred(props: P) {
    const ready = useIdle(idle);
    const recovery = useContext(ChunkRecoveryContext);
    const [state, setState] = useState<{ attempt: number; failed: boolean; component?: ComponentType<P> }>({ attempt: 0, failed: false, component: loaded });
    const retry = useCallback(() => setState((current) => ({ attempt: current.attempt + 1, failed: false, component: loaded })), []);
    const { attempt, failed, component: Component } = state;
    useEffect(() => {
      if (!ready || Component) return;
      let live = true;
      loadOnce().then(
        (component) => live && setState((current) => ({ ...current, component })),
        async (error: unknown) => {
          console.warn('[deferred] a part of the portal could not be loaded', error);
          const restarting = await recovery.afterChunkFailure();
          if (live && !restarting) setState((current) => ({ ...current, failed: true }));
        },
      );
      return () => void (live = false);
    }, [ready, Component, attempt, recovery]);
    useEffect(() => {
      if (!failed || !quiet) return;
      addEventListener('online', retry);
      return () => removeEventListener('online', retry);
    }, [failed, retry]);
    if (Component) return <Component {...props} />;
    if (failed) return quiet ? null : <ChunkFailedCard onRetry={retry} />;
    return ready ? (typeof fallback === 'function' ? fallback(props) : fallback) : null;
  }
  // Memoised: a shell's render on a route change (a menu tap, the frame loading beside it on the same
  // main thread) skips the deferred parts whose props did not change.
  return Object.assign(memo(Deferred), { preload: () => void loadOnce().catch(() => undefined) });
}

/** False until the first idle moment after mounting (true at once when not waiting). */
function useIdle(wait: boolean): boolean {
  const [ready, setReady] = useState(!wait);
  useEffect(() => {
    if (!ready) return whenIdle(() => setReady(true));
  }, [ready]);
  return ready;
}
