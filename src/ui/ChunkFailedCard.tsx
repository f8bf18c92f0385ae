import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * In place of a part of the portal whose code did not arrive: says so, offers Retry, and retries by
 * itself when the connection returns. The rest of the shell stays as it is.
 */
export function ChunkFailedCard({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    addEventListener('online', onRetry);
    return () => removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <section className="chunk-failed" role="alert" aria-labelledby="chunk-failed-title">
      <h2 id="chunk-failed-title">{t('ChunkFailed.Title')}</h2>
      <p>{t('ChunkFailed.Detail')}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('Retry')}
      </button>
    </section>
  );
}
