import { useTranslation } from 'react-i18next';
import { useSession } from './context.ts';

/** Log out: on error pages, blocked pages and the blocking choosers, where the header is not shown. */
export function LogoutButton({ className = 'button' }: { className?: string }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <button type="button" className={className} onClick={() => void session.logout()}>
      {t('Logout')}
    </button>
  );
}
