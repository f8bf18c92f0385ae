import { useEffect, useId, useRef, useState } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import { useServiceName } from './hooks.ts';
import './maintenance.css';
import { useNow } from '../ui/useNow.ts';
import { activeWindow, formatRemaining, upcomingWindow, upgradingUrl, type UpgradeWindow } from './windows.ts';
import { loadOverlays } from '../ui/notify.ts';

export interface UpgradeCountdownProps {
  windows: readonly UpgradeWindow[];
  /** The current location's pathname: module windows count only on their own paths. */
  path: string;
  /** The user holds the bypass-upgrade permission: no question when a window starts. */
  bypass: boolean;
  navigate: (to: string) => void;
}

const windowKey = (window: UpgradeWindow) => `${window.pathPrefix}@${window.start}`;

/**
 * The header's upgrade item (shell.md §4). Under two hours before a window it counts down; during
 * the window it reads 'Upgrading'; both explain themselves in a tooltip. When a countdown reaches
 * zero, a blocking question is asked: 'Yes' opens /upgrading for that window, 'No and go home'
 * goes to the home page instead (which maintenance may still cover). Either way the user leaves
 * the page that is going down; users who may bypass are not asked.
 */
export function UpgradeCountdown({ windows, path, bypass, navigate }: UpgradeCountdownProps) {
  const { t, i18n } = useDeferredTranslation();
  const serviceName = useServiceName();
  const now = useNow();
  const active = activeWindow(windows, path, now);
  const upcoming = active ? null : upcomingWindow(windows, path, now);

  /** The window counted down on screen, so its start can be told apart from a page opened mid-window. */
  const counting = useRef<string | null>(null);
  const question = useRef<HTMLIonAlertElement | null>(null);
  useEffect(() => () => void question.current?.dismiss(), []);
  useEffect(() => {
    if (upcoming) {
      counting.current = windowKey(upcoming);
      return;
    }
    if (!active || counting.current !== windowKey(active)) return;
    counting.current = null;
    if (bypass) return;
    void loadOverlays()
      .then(({ showAlert }) =>
        showAlert({
          header: t('Maintenance.StartsNowTitle'),
          message: t('Maintenance.StartsNow', { service: serviceName(active) }),
          buttons: [
            { text: t('NoAndGoHome'), role: 'cancel', handler: () => navigate('/') },
            { text: t('Yes'), role: 'confirm', handler: () => navigate(upgradingUrl(active, serviceName(active))) },
          ],
        }),
      )
      .then((alert) => (question.current = alert));
  }, [upcoming, active, bypass, navigate, serviceName, t]);

  const time = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(ms);
  if (active) {
    return (
      <HeaderStatus
        label={t('Upgrading')}
        detail={t('Maintenance.UpgradingDetail', { service: serviceName(active), end: time(active.end) })}
        active
      />
    );
  }
  if (upcoming) {
    const service = serviceName(upcoming);
    return (
      <HeaderStatus
        label={t('Maintenance.UpgradeIn', { service, time: formatRemaining(upcoming.start - now) })}
        detail={t('Maintenance.UpgradeInDetail', { service, start: time(upcoming.start), end: time(upcoming.end) })}
      />
    );
  }
  return null;
}

/** A header item with a tooltip that also works by keyboard (focus) and touch (tap toggles). */
function HeaderStatus({ label, detail, active = false }: { label: string; detail: string; active?: boolean }) {
  const tooltipId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="upgrade-status" data-testid="upgrade-status">
      <button
        type="button"
        className={`button button--icon upgrade-status__button${active ? ' upgrade-status__button--active' : ''}`}
        aria-describedby={tooltipId}
        onClick={() => setOpen((value) => !value)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
      >
        {label}
      </button>
      <div id={tooltipId} role="tooltip" className={`upgrade-status__tooltip${open ? ' upgrade-status__tooltip--open' : ''}`}>
        {detail}
      </div>
    </div>
  );
}
