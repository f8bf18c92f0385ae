import { useTranslation } from 'react-i18next';

/** 'Offline Mode' in offline mode, otherwise the environment name (TEST-1, DEV, STAG) if any. */
export function Ribbon({ offline, environment }: { offline: boolean; environment: string | null }) {
  const { t } = useTranslation();
  const text = offline ? t('OfflineMode') : environment;
  if (!text) return null;
  return (
    <div className={offline ? 'ribbon ribbon--offline' : 'ribbon'} role="note" data-testid="ribbon">
      {text}
    </div>
  );
}
