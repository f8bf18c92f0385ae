import { arrowBackOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { RouteItem } from '../catalogue/types.ts';
import { useRuntime } from '../context/runtime.ts';
import { withDeferredTexts } from '../i18n/index.ts';
import { UpgradeItem } from '../maintenance/UpgradeItem.tsx';
import type { UpgradeWindow } from '../maintenance/windows.ts';
import type { SwitchAbility } from '../navigation/route-options.ts';
import { useShiftControls } from '../shared-device/index.tsx';
import { HeaderExtras } from './HeaderExtras.tsx';
import { HeaderSwitches } from './HeaderSwitches.tsx';
import { Icon } from '../ui/Icon.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { OutboxBadge } from './OutboxBadge.tsx';
import { UserMenu } from './UserMenu.tsx';
import { deferred } from '../ui/deferred.tsx';

// The camera for scan to open (README "Scanning"), behind the first screen.
const ScanButton = deferred(() => withDeferredTexts(import('../scanner/Scanning.tsx')).then((module) => module.ScanButton), { idle: true, quiet: true });

export interface HeaderContentProps {
  route: RouteItem | null;
  routeTitle: string;
  mobileView: boolean;
  offline: boolean;
  flags: Readonly<Record<string, boolean>>;
  switches: SwitchAbility;
  /** Maintenance: the countdown before a window, and where it sends the user at zero. */
  windows: UpgradeWindow[];
  path: string;
  bypass: boolean;
  replace(to: string): void;
  onBack(): void;
  onContactSupport(): void;
  onSearch(): void;
  /** Opens the outbox's sheet (its badge shows while writes wait or failed, offline too). */
  onOutbox(): void;
}

/**
 * The header's content: on a mobile-view route a back button, the page title and the switches the route
 * allows (the site on warehouse screens), and on a shared device the account menu with End shift; otherwise the
 * countdown, search / support / survey, the platform, seller and site switches, language and account.
 */
export function HeaderContent(props: HeaderContentProps) {
  const { t } = useTranslation();
  const shift = useShiftControls();
  const { route, offline } = props;
  const scan = <ScanButton show={useRuntime().brand.scanner.button} mobileView={props.mobileView} />;
  if (props.mobileView) {
    return (
      <div className="mobile-view-bar">
        {!route?.hideBackButton && (
          <button type="button" className="button button--icon" aria-label={t('Navigation.Back')} onClick={props.onBack}>
            <Icon icon={arrowBackOutline} />
          </button>
        )}
        {!route?.hideTitle && <h1 className="mobile-view-bar__title">{props.routeTitle}</h1>}
        {scan}
        <OutboxBadge onOpen={props.onOutbox} />
        {/* The full-screen page keeps the switches its route allows: a picker sees and changes the site here. */}
        {!offline && <HeaderSwitches show={props.switches} />}
        {/* A shared handheld's End shift is one tap away on its full-screen pages too. */}
        {shift && <UserMenu />}
      </div>
    );
  }
  return (
    <>
      {!offline && <UpgradeItem windows={props.windows} path={props.path} bypass={props.bypass} navigate={props.replace} />}
      {scan}
      {!offline && <HeaderExtras route={route} flags={props.flags} onContactSupport={props.onContactSupport} onSearch={props.onSearch} />}
      <OutboxBadge onOpen={props.onOutbox} />
      <HeaderSwitches show={props.switches} />
      <LanguageMenu />
      <UserMenu />
    </>
  );
}
