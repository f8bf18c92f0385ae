import { useTranslation } from 'react-i18next';
import { useRuntime } from '../app/runtime.ts';

/** 'Offline Mode' in offline mode, otherwise the environment name (TEST-1, DEV, STAG) if any. */
export function Ribbon({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const text = offline ? t('OfflineMode') : config.ribbon;
  if (!text) return null;
  return (
    <div className={offline ? 'ribbon ribbon--offline' : 'ribbon'} role="note" data-testid="ribbon">
      {text}
    </div>
  );
}
