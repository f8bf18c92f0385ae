import type { TFunction } from 'i18next';
import type { LogoutAsker, LogoutChoice } from '../outbox/index.ts';
import { confirm, loadOverlays } from '../ui/notify.ts';

/**
 * The questions of the outbox's step before logout (every way out: Logout, an app's logout, End
 * shift): a notice while what waits is sent, then — if something is still not delivered — keep it for
 * the user's next sign-in, discard it (confirmed), or stay signed in. Blocking: a way out must end in
 * an answer.
 */
export function outboxLogoutAsker(t: TFunction): LogoutAsker {
  return {
    sending(count) {
      const shown = loadOverlays().then(({ showToast }) => showToast({ message: t('Outbox.Logout.Sending', { count }), color: 'primary', duration: 0 }));
      return () => void shown.then((toast) => toast.dismiss()).catch(() => undefined);
    },
    async choose({ waiting, failed, canKeep }) {
      const { showAlert } = await loadOverlays();
      const choice = await new Promise<LogoutChoice>((resolve) => {
        void showAlert({
          header: t('Outbox.Logout.Title'),
          message: t(canKeep ? 'Outbox.Logout.Message' : 'Outbox.Logout.NoKey', { waiting, failed }),
          buttons: [
            ...(canKeep ? [{ text: t('Outbox.Logout.Keep'), handler: () => resolve('keep') }] : []),
            { text: t('Outbox.Logout.Discard'), role: 'destructive', handler: () => resolve('discard') },
            { text: t('Outbox.Logout.Stay'), role: 'cancel', handler: () => resolve('stay') },
          ],
        });
      });
      if (choice !== 'discard') return choice;
      const sure = await confirm({
        header: t('Outbox.Logout.ConfirmTitle'),
        message: t('Outbox.Logout.ConfirmMessage', { waiting, failed }),
        stay: t('Outbox.Logout.ConfirmBack'),
        proceed: t('Outbox.Logout.ConfirmDiscard'),
      });
      return sure ? 'discard' : 'stay';
    },
  };
}
