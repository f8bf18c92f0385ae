import { useEffect, useEffectEvent, useState } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import type { PushAdapter, PushSettings } from './adapter.ts';
import { loadPushAdapter } from './load-adapter.ts';
import { NotificationPermissionDialog } from './NotificationPermissionDialog.tsx';
import { onLogout } from '../session/session.ts';
import { forgetPushToken, registerPush, type RegisterPushOptions } from './register-push.ts';
import { notify } from '../ui/notify.ts';

export interface PushNotificationsProps {
  /** The runtime config's push settings; absent means push is off. */
  settings: PushSettings | undefined;
  user: RegisterPushOptions['user'];
  post: RegisterPushOptions['post'];
  /** The current route lists 'notifications' in browserPermissions. */
  askPermission: boolean;
  navigate: (to: string) => void;
}

function canAsk(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'default';
}

/**
 * Push for the signed-in user (shell.md §4): registers the token when the state machine says so,
 * shows messages arriving while the portal is in view as toasts, and on routes that want it asks
 * for the browser's notification permission once per page load, registering right after a grant.
 */
export function PushNotifications({ settings, user, post, askPermission, navigate }: PushNotificationsProps) {
  const { t } = useDeferredTranslation();
  const [adapter, setAdapter] = useState<PushAdapter | null>(null);
  const [asked, setAsked] = useState(false);
  /** Bumped when permission is granted, so registration runs again with the new token. */
  const [grants, setGrants] = useState(0);

  useEffect(() => {
    let cancelled = false;
    void loadPushAdapter(settings).then((loaded) => {
      if (!cancelled) setAdapter(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [settings]);

  // A clean shared handheld: logout deletes the token (the stored push state goes with the person's).
  useEffect(() => (adapter ? onLogout(() => forgetPushToken(adapter)) : undefined), [adapter]);

  const { sub, email, phone_number } = user;
  const appId = settings?.notificationAppId;
  // An effect event, so a new `post` or `user` object on each render does not register again.
  const register = useEffectEvent((loaded: PushAdapter, app: string) => {
    void registerPush({ adapter: loaded, post, user: { sub, email, phone_number }, appId: app });
  });
  useEffect(() => {
    if (adapter && appId) register(adapter, appId);
  }, [adapter, appId, sub, email, phone_number, grants]);

  useEffect(
    () =>
      adapter?.onForegroundMessage(({ title, body, route }) => {
        notify('info', body ?? '', { header: title, buttons: route ? [{ text: t('Push.Open'), handler: () => navigate(route) }] : undefined });
      }),
    [adapter, navigate, t],
  );

  if (!adapter || asked || !askPermission || !canAsk()) return null;
  return (
    <NotificationPermissionDialog
      onDone={(permission) => {
        setAsked(true);
        if (permission === 'granted') setGrants((count) => count + 1);
      }}
    />
  );
}
