import { chatbubbleEllipsesOutline, searchOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { HIDE_CONTACT_SUPPORT, SHOW_SURVEY } from '../catalogue/flags.ts';
import type { RouteItem } from '../catalogue/types.ts';
import { deferred } from '../ui/deferred.tsx';
import { Icon } from '../ui/Icon.tsx';

const SurveyLink = deferred(() => import('./SurveyLink.tsx').then((module) => module.SurveyLink));

/** Contact Support (hidden by its flag), the route's survey link (shown by its flag), and menu search on phones. */
export function HeaderExtras({
  route,
  flags,
  onContactSupport,
  onSearch,
}: {
  route: RouteItem | null;
  flags: Readonly<Record<string, boolean>>;
  onContactSupport: () => void;
  onSearch: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button button--icon header-search-button" aria-label={t('Shell.OpenMenuSearch')} onClick={onSearch}>
        <Icon icon={searchOutline} />
      </button>
      {route?.survey && flags[SHOW_SURVEY] && <SurveyLink survey={route.survey} />}
      {!flags[HIDE_CONTACT_SUPPORT] && (
        <button type="button" className="button button--icon" aria-label={t('Shell.ContactSupport')} onClick={onContactSupport}>
          <Icon icon={chatbubbleEllipsesOutline} />
        </button>
      )}
    </>
  );
}
