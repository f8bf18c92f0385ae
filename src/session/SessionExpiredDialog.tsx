import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverlay, type OverlayPresenter } from '../ui/useOverlay.ts';
import { useSession } from './context.ts';

/** 'YourSessionHasBeenExpired': OK or cancel unloads the user and reloads (shell.md §4). */
export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const session = useSession();
  const dismiss = useCallback(() => void session.dismissExpired(), [session]);
  const presentOverlay = useCallback<OverlayPresenter>(
    ({ showAlert }) =>
      showAlert({
        header: t('SignIn.SessionExpiredTitle'),
        message: t('YourSessionHasBeenExpired'),
        buttons: [
          { text: t('Cancel'), role: 'cancel', handler: dismiss },
          { text: t('OK'), role: 'confirm', handler: dismiss },
        ],
      }),
    [dismiss, t],
  );
  useOverlay(true, presentOverlay);
  return null;
}
