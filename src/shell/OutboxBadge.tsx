import { cloudUploadOutline } from 'ionicons/icons';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { outboxCount } from '../outbox/index.ts';
import { Icon } from '../ui/Icon.tsx';

/**
 * The header's count of the user's writes not yet delivered (waiting or failed); nothing when there
 * are none. Tapping it opens the outbox's sheet.
 */
export function OutboxBadge({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const { waiting, failed } = useSyncExternalStore(outboxCount.subscribe, outboxCount.get);
  if (waiting + failed === 0) return null;
  return (
    <button
      type="button"
      className={`button button--icon outbox-badge${failed > 0 ? ' outbox-badge--failed' : ''}`}
      aria-label={t('Outbox.Badge', { waiting, failed })}
      onClick={onOpen}
    >
      <Icon icon={cloudUploadOutline} />
      <span className="outbox-badge__count" aria-hidden="true">
        {waiting + failed}
      </span>
    </button>
  );
}
