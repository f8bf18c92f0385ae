// Its own file's text, in this lazy part's chunk: an `ionicons/icons` export would sit on the start's path.
import cloudOfflineOutline from 'ionicons-svg/cloud-offline-outline.svg?raw';
import { useDeferredTranslation } from '../i18n/index.ts';
import { useCurrentRoute, useNavigation } from '../navigation/navigation-context.ts';
import { Icon } from '../ui/Icon.tsx';
import { offlinePages } from './offline-pages.ts';
import './needs-connection.css';

/**
 * Covers a frame that did not say it is ready while offline (the browser's "no internet" page, say):
 * what happened, Retry, and the pages that work offline as large touch targets.
 */
export function NeedsConnectionCard({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useDeferredTranslation();
  const { menu, open, titleOf } = useNavigation();
  const current = useCurrentRoute();
  const pages = offlinePages(menu, current.kind === 'route' ? current.route.path : null);
  return (
    <section className="frame-host__overlay needs-connection" role="alert" aria-labelledby="needs-connection-title">
      <Icon icon={cloudOfflineOutline} size={48} />
      <h2 id="needs-connection-title">{t('FrameOffline.Title')}</h2>
      <p>{t('FrameOffline.Body', { title })}</p>
      <button type="button" className="button button--primary needs-connection__retry" onClick={onRetry}>
        {t('Retry')}
      </button>
      {pages.length > 0 && (
        <nav aria-label={t('FrameOffline.OfflinePages')} className="needs-connection__pages">
          <h3>{t('FrameOffline.OfflinePages')}</h3>
          <ul>
            {pages.map((page) => (
              <li key={page.path}>
                <a
                  href={page.path}
                  className="needs-connection__page"
                  onClick={(event) => {
                    event.preventDefault();
                    open(page);
                  }}
                >
                  {titleOf(page)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
