import { Page } from '../ui/Page.tsx';
import { useEffect, useMemo } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import './maintenance.css';
import { useNow } from '../ui/useNow.ts';
import { formatRemaining, parseUpgradingQuery } from './windows.ts';

/**
 * /upgrading (shell.md §2): 'Upgrading', the service's name and the 'TimeRemainBeforeDone'
 * countdown. Sends the user home when the countdown ends, and at once when the query is malformed
 * or now is outside its window.
 */
export function UpgradingPage({ search, navigate }: { search: string; navigate: (to: string) => void }) {
  const { t } = useDeferredTranslation();
  const query = useMemo(() => parseUpgradingQuery(search), [search]);
  const now = useNow();
  const inside = query !== null && query.start <= now && now < query.end;

  useEffect(() => {
    if (!inside) navigate('/');
  }, [inside, navigate]);

  if (!inside) return null;
  return (
    <Page>
        <main className="error-page" aria-labelledby="upgrading-title">
          <h1 id="upgrading-title">{t('Upgrading')}</h1>
          <p className="upgrading-page__service">{query.serviceName}</p>
          <p role="timer" aria-live="off">
            {t('TimeRemainBeforeDone', { time: formatRemaining(query.end - now) })}
          </p>
        </main>
      </Page>
  );
}
