import { useId } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import { useNow } from '../ui/useNow.ts';
import { ShiftDialog } from './ShiftDialog.tsx';

/** The last minute before the lock: any touch keeps the screen, "Still here" too. */
export function IdleCountdown({ lockAt, onStillHere }: { lockAt: number; onStillHere: () => void }) {
  const { t } = useDeferredTranslation();
  const title = useId();
  const detail = useId();
  const seconds = Math.max(0, Math.ceil((lockAt - useNow()) / 1000));
  return (
    <ShiftDialog labelledBy={title} describedBy={detail} alert onCancel={onStillHere}>
      <h2 id={title}>{t('SharedDevice.StillHereTitle')}</h2>
      <p id={detail}>{t('SharedDevice.LocksIn', { seconds })}</p>
      <div className="shift-dialog__actions">
        <button type="button" className="button button--primary" onClick={onStillHere} autoFocus>
          {t('SharedDevice.StillHere')}
        </button>
      </div>
    </ShiftDialog>
  );
}
