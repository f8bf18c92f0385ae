import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner.tsx';

/** The spinner of start-up steps (shell.md §4: a spinner shows until ready). */
export function BootSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    // data-boot-spinner: a start frame the boot step created shows beside it (index.html).
    <div className="centered" role="status" data-boot-spinner>
      <Spinner />
      <span>{label ?? t('AppLoading')}</span>
    </div>
  );
}
