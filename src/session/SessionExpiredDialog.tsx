import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from './context.ts';

/** 'YourSessionHasBeenExpired': OK or cancel unloads the user and reloads (shell.md §4). */
export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const session = useSession();
  useEffect(() => {
    const dismiss = () => void session.dismissExpired();
    let alert: HTMLIonAlertElement | undefined;
    void import('../shell/overlays.ts')
      .then(({ showAlert }) =>
        showAlert({
          header: t('SignIn.SessionExpiredTitle'),
          message: t('YourSessionHasBeenExpired'),
          buttons: [
            { text: t('Cancel'), role: 'cancel', handler: dismiss },
            { text: t('OK'), role: 'confirm', handler: dismiss },
          ],
        }),
      )
      .then((created) => (alert = created));
    return () => void alert?.dismiss();
  }, [session, t]);
  return null;
}
