import { chatbubbleEllipsesOutline, searchOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { HIDE_CONTACT_SUPPORT, SHOW_SURVEY } from '../catalogue/flags.ts';
import type { RouteItem } from '../catalogue/types.ts';
import { Icon } from '../ui/Icon.tsx';
import { useMenuIcons } from './SidebarMenu.tsx';

/**
 * The route's survey link (one route, behind its flag). Its icon comes with the menu's (menu-icons.ts),
 * not as an ionicons/icons export on the start's path; its place is kept meanwhile, so nothing moves.
 */
function SurveyLink({ survey }: { survey: NonNullable<RouteItem['survey']> }) {
  const { t } = useTranslation();
  const iconOf = useMenuIcons();
  return (
    <a className="button header-item--wide" href={survey.link} target="_blank" rel="noopener noreferrer">
      <Icon icon={iconOf('clipboard-outline')} />
      <span>{t(survey.text, { ns: 'routes' })}</span>
    </a>
  );
}

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
