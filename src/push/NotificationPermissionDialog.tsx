import { useEffect, useId, useRef } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import './push.css';

/**
 * Explains why the portal wants to send notifications, then lets the browser ask (shell.md §2:
 * the browser notification permission dialog, on routes with `browserPermissions`). The browser's
 * own prompt follows the click on 'Allow', as browsers require a user gesture for it.
 */
export function NotificationPermissionDialog({ onDone }: { onDone: (permission: NotificationPermission) => void }) {
  const { t } = useDeferredTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  const allow = async () => {
    const permission = await Notification.requestPermission();
    dialog.current?.close();
    onDone(permission);
  };
  const notNow = () => {
    dialog.current?.close();
    onDone('default');
  };

  return (
    <dialog
      ref={dialog}
      className="push-permission"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: same as 'Not now', through our handler
        notNow();
      }}
    >
      <h2 id={titleId}>{t('Push.PermissionTitle')}</h2>
      <p id={textId}>{t('Push.PermissionMessage')}</p>
      <div className="push-permission__actions">
        <button type="button" className="button" onClick={notNow}>
          {t('Push.NotNow')}
        </button>
        <button type="button" className="button button--primary" onClick={() => void allow()}>
          {t('Push.Allow')}
        </button>
      </div>
    </dialog>
  );
}
