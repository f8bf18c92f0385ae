import { useTranslation } from 'react-i18next';
import type { RouteItem } from '../catalogue/types.ts';
import { breadcrumbFor } from '../navigation/breadcrumb.ts';
import { useNavigation } from '../navigation/navigation-context.ts';

/** Breadcrumb of the matched routes, the page title, and the user-guide button for routes with a guide. */
export function PageBar({ route, onGuide }: { route: RouteItem; onGuide: (route: RouteItem) => void }) {
  const { t } = useTranslation();
  const { titleOf } = useNavigation();
  if (route.hideBreadcrumb && route.hideTitle && !route.guide) return null;
  const trail = breadcrumbFor(route);
  return (
    <div className="page-bar">
      {!route.hideBreadcrumb && (
        <nav aria-label={t('Shell.Breadcrumb')}>
          <ol className="breadcrumb">
            {trail.map((item) => (
              <li key={item.path} aria-current={item === route ? 'page' : undefined}>
                {titleOf(item)}
              </li>
            ))}
          </ol>
        </nav>
      )}
      {route.hideBreadcrumb && !route.hideTitle && <h1 className="shell-header__title">{titleOf(route)}</h1>}
      {route.guide && (
        <div className="page-bar__actions">
          <button type="button" className="link-button" onClick={() => onGuide(route)}>
            {t('Shell.UserGuide')}
          </button>
        </div>
      )}
    </div>
  );
}
