import { useEffect, type DependencyList } from 'react';
import { loadOverlays } from './notify.ts';
import type * as OverlayModule from './overlays.ts';

type Overlays = typeof OverlayModule;
interface Dismissible {
  dismiss(): Promise<boolean>;
}

/**
 * Presents an Ionic overlay (loaded lazily with ./overlays.ts) while `open` is true, and dismisses
 * it when `open` turns false, the inputs change or the component goes — even if that happens
 * before the overlay module has loaded.
 */
export function useOverlay(open: boolean, present: (overlays: Overlays) => Promise<Dismissible>, deps: DependencyList): void {
  useEffect(() => {
    if (!open) return;
    let overlay: Dismissible | undefined;
    let cancelled = false;
    void loadOverlays()
      .then(present)
      .then((created) => {
        overlay = created;
        if (cancelled) void created.dismiss();
      });
    return () => {
      cancelled = true;
      void overlay?.dismiss();
    };
    // `present` is a new function each render; `deps` say when it really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, ...deps]);
}
