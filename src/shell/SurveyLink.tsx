// Its own file's text, in this part's chunk: an `ionicons/icons` export would sit on the start's path.
import clipboardOutline from 'ionicons-svg/clipboard-outline.svg?raw';
import { useTranslation } from 'react-i18next';
import type { RouteItem } from '../catalogue/types.ts';
import { Icon } from '../ui/Icon.tsx';

/** The route's survey link (one route, behind its flag), loaded when first drawn: its icon stays off the start's path. */
export function SurveyLink({ survey }: { survey: NonNullable<RouteItem['survey']> }) {
  const { t } = useTranslation();
  return (
    <a className="button header-item--wide" href={survey.link} target="_blank" rel="noopener noreferrer">
      <Icon icon={clipboardOutline} />
      <span>{t(survey.text, { ns: 'routes' })}</span>
    </a>
  );
}
