import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeFor, proposedSwitch, subscribeConnectivity, switchMode, type OnlineMode } from './mode.ts';
import { useConnectivity } from './useConnectivity.ts';

/**
 * The connectivity notices and the blocking online / offline switch dialog (shell.md §4).
 * `mode` is the mode the shell booted in. Choosing to stay keeps that mode until the connection
 * changes again, which asks anew.
 */
export function OfflineModeDialogs({ mode, reload }: { mode: OnlineMode; reload?: () => void }) {
  const { t } = useTranslation();
  const online = useConnectivity();
  const [declined, setDeclined] = useState(false);

  useEffect(
    () =>
      subscribeConnectivity((nowOnline) => {
        setDeclined(false);
        void import('../shell/overlays.ts').then(({ showToast }) =>
          showToast({ message: t(noticeFor(nowOnline)), color: nowOnline ? 'success' : 'medium' }),
        );
      }),
    [t],
  );

  const target = declined ? null : proposedSwitch(mode, online);
  useEffect(() => {
    if (!target) return;
    let alert: HTMLIonAlertElement | undefined;
    let cancelled = false;
    const toOffline = target === 'offline';
    void import('../shell/overlays.ts')
      .then(({ showAlert }) =>
        showAlert({
          header: t('OfflineModeSwitch.Title'),
          message: t(toOffline ? 'OfflineModeSwitch.ToOffline' : 'OfflineModeSwitch.ToOnline'),
          buttons: [
            { text: t(toOffline ? 'OfflineModeSwitch.StayOnline' : 'OfflineModeSwitch.StayOffline'), role: 'cancel', handler: () => setDeclined(true) },
            {
              text: t(toOffline ? 'OfflineModeSwitch.SwitchToOffline' : 'OfflineModeSwitch.SwitchToOnline'),
              role: 'confirm',
              handler: () => switchMode(target, reload),
            },
          ],
        }),
      )
      .then((created) => {
        alert = created;
        if (cancelled) void created.dismiss();
      });
    // The connection flipped back before the user answered: the question no longer applies.
    return () => {
      cancelled = true;
      void alert?.dismiss();
    };
  }, [target, t, reload]);

  return null;
}
