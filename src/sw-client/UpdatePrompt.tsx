import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverlay, type OverlayPresenter } from '../ui/useOverlay.ts';
import type { ServiceWorkerUpdates } from './register.ts';

/** Offers to reload into a waiting new version; `holdBack` (a frame is editing) keeps it hidden until later. */
export function UpdatePrompt({ updates, holdBack = false }: { updates: ServiceWorkerUpdates | null; holdBack?: boolean }) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => updates?.onUpdateWaiting(() => setWaiting(true)), [updates]);
  const show = Boolean(updates) && waiting && !dismissed && !holdBack;

  const presentOverlay = useCallback<OverlayPresenter>(
    ({ showToast }) =>
      showToast({
        message: t('Shell.UpdateAvailable'),
        duration: 0,
        buttons: [
          { text: t('Shell.Later'), role: 'cancel', handler: () => setDismissed(true) },
          { text: t('Shell.Reload'), handler: () => updates?.applyUpdate() },
        ],
      }),
    [updates, t],
  );
  useOverlay(show, presentOverlay);
  return null;
}
