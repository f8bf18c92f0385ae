import { useCallback, useEffect, useState } from 'react';
import { withDeferredT } from '../i18n/index.ts';
import { useOverlay, type OverlayPresenter } from '../ui/useOverlay.ts';
import type { ServiceWorkerUpdates } from './register.ts';

/** Offers to reload into a waiting new version; `holdBack` (a frame is editing) keeps it hidden until later. */
export function UpdatePrompt({ updates, holdBack = false }: { updates: ServiceWorkerUpdates | null; holdBack?: boolean }) {
  const [waiting, setWaiting] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => updates?.onUpdateWaiting(() => setWaiting(true)), [updates]);
  const show = Boolean(updates) && waiting && !dismissed && !holdBack;

  // Its texts are the deferred ones (a new release waits on few starts): loaded behind the first screen,
  // or with the toast.
  const presentOverlay = useCallback<OverlayPresenter>(
    async ({ showToast }) => {
      const t = await withDeferredT();
      return showToast({
        message: t('Shell.UpdateAvailable'),
        duration: 0,
        buttons: [
          { text: t('Shell.Later'), role: 'cancel', handler: () => setDismissed(true) },
          { text: t('Shell.Reload'), handler: () => updates?.applyUpdate() },
        ],
      });
    },
    [updates],
  );
  useOverlay(show, presentOverlay);
  return null;
}
