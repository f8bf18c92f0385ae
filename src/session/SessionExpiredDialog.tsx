import { useCallback } from 'react';
import { withDeferredT } from '../i18n/index.ts';
import { useOverlay, type OverlayPresenter } from '../ui/useOverlay.ts';
import { useSession } from './context.ts';

/** 'YourSessionHasBeenExpired': OK or cancel unloads the user and reloads (shell.md §4). */
export function SessionExpiredDialog() {
  const session = useSession();
  const dismiss = useCallback(() => void session.dismissExpired(), [session]);
  // Its texts are the deferred ones: loaded behind the first screen, or with the question.
  const presentOverlay = useCallback<OverlayPresenter>(
    async ({ showAlert }) => {
      const t = await withDeferredT();
      return showAlert({
        header: t('SignIn.SessionExpiredTitle'),
        message: t('YourSessionHasBeenExpired'),
        buttons: [
          { text: t('Cancel'), role: 'cancel', handler: dismiss },
          { text: t('OK'), role: 'confirm', handler: dismiss },
        ],
      });
    },
    [dismiss],
  );
  useOverlay(true, presentOverlay);
  return null;
}
