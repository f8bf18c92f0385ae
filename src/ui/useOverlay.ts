import { useEffect } from 'react';
import { loadOverlays } from './notify.ts';
import type * as OverlayModule from './overlays.ts';

type Overlays = typeof OverlayModule;
/** Presents one overlay; keep it stable with useCallback. */
export type OverlayPresenter = (overlays: Overlays) => Promise<Dismissible>;
interface Dismissible {
  dismiss(): Promise<boolean>;
}

/**
 * Presents an Ionic overlay (loaded lazily with ./overlays.ts) while `open` is true, and dismisses
 * it when `open` turns false, `present` changes or the component goes — even if that happens
 * before the overlay module has loaded. Callers keep `present` stable with useCallback.
 */
export function useOverlay(open: boolean, present: OverlayPresenter): void {
  useEffect(() => {
    if (!open) return;
    let overlay: Dismissible | undefined;
    let cancelled = false;
    void loadOverlays()
      .then(present)
      .then(
        (created) => {
          overlay = created;
          if (cancelled) void created.dismiss();
        },
        // Its code or texts did not arrive: the page goes on without it.
        (error: unknown) => console.warn('[overlay] could not be shown', error),
      );
    return () => {
      cancelled = true;
      void overlay?.dismiss();
    };
  }, [open, present]);
}
