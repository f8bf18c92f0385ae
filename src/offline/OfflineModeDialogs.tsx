import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeFor, proposedSwitch, subscribeConnectivity, switchMode, type OnlineMode } from './mode.ts';
import { useOverlay, type OverlayPresenter } from '../ui/useOverlay.ts';
import { useConnectivity } from './useConnectivity.ts';
import { notify } from '../ui/notify.ts';
import { withDeferredT } from '../i18n/index.ts';

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
        notify(nowOnline ? 'success' : 'note', t(noticeFor(nowOnline)));
      }),
    [t],
  );

  const target = declined ? null : proposedSwitch(mode, online);
  const toOffline = target === 'offline';
  // The connection flipping back before the user answers withdraws the question (target turns null).
  // Its texts are not on the start's path: online, the shell's push part has brought them once the
  // first screen was drawn; offline, the worker's precache answers.
  const presentOverlay = useCallback<OverlayPresenter>(
    async ({ showAlert }) => {
      const t = await withDeferredT();
      return showAlert({
        header: t('OfflineModeSwitch.Title'),
        message: t(toOffline ? 'OfflineModeSwitch.ToOffline' : 'OfflineModeSwitch.ToOnline'),
        buttons: [
          { text: t(toOffline ? 'OfflineModeSwitch.StayOnline' : 'OfflineModeSwitch.StayOffline'), role: 'cancel', handler: () => setDeclined(true) },
          {
            text: t(toOffline ? 'OfflineModeSwitch.SwitchToOffline' : 'OfflineModeSwitch.SwitchToOnline'),
            role: 'confirm',
            handler: () => void (target && switchMode(target, reload)),
          },
        ],
      });
    },
    [target, toOffline, reload],
  );
  useOverlay(target !== null, presentOverlay);

  return null;
}
