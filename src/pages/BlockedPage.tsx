import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoutButton } from '../session/LogoutButton.tsx';

/** A full-page message for a signed-in user who cannot go on (no valid seller, sellers failed to load). */
export function BlockedPage({ title, children, onRetry }: { title: string; children?: ReactNode; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="standalone-page" aria-labelledby="blocked-title">
      <h1 id="blocked-title">{title}</h1>
      {children}
      <div className="error-page__actions">
        {onRetry && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('Retry')}
          </button>
        )}
        <LogoutButton />
      </div>
    </main>
  );
}
