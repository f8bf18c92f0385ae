import { useEffect } from 'react';
import { loadOverlays } from './notify.ts';
import type * as OverlayModule from './overlays.ts';

type Overlays = typeof OverlayModule;
/** Presents one overlay; keep it stable with useCallback. */
export type OverlayPresenter = (overlays: Overlays) => Promise<Dismissible>;
interface Dismissible {
  dismiss(): Promise<boolean>;
}

/** After an overlay failed to show, the next try comes this long after (doubling up to the cap). */
export const OVERLAY_RETRY_MS = 1000;
const OVERLAY_RETRY_CAP_MS = 16_000;

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
    let retry: ReturnType<typeof setTimeout> | undefined;
    const show = (nextDelay: number) =>
      void loadOverlays()
        .then(present)
        .then(
          (created) => {
            overlay = created;
            if (cancelled) void created.dismiss();
          },
          (error: unknown) => {
            // Its code or texts did not arrive (a network that just came back, a worker starting
            // again): the page goes on, and a question that is still wanted is asked again.
            console.warn('[overlay] could not be shown', error);
            if (!cancelled) retry = setTimeout(() => show(Math.min(nextDelay * 2, OVERLAY_RETRY_CAP_MS)), nextDelay);
          },
        );
    show(OVERLAY_RETRY_MS);
    return () => {
      cancelled = true;
      clearTimeout(retry);
      void overlay?.dismiss();
    };
  }, [open, present]);
}
