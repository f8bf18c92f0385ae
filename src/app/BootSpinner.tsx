import { IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';

/** The spinner of start-up steps (shell.md §4: a spinner shows until ready). */
export function BootSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="centered" role="status">
      <IonSpinner name="crescent" aria-hidden="true" />
      <span>{label ?? t('AppLoading')}</span>
    </div>
  );
}
