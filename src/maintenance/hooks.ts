import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRemaining, maintenanceRedirect, upcomingWindow, upgradingUrl, type UpgradeWindow } from './windows.ts';
import { confirm } from '../ui/notify.ts';

/** The service's name in the current language; the configured name when there is no translation. */
export function useServiceName(): (window: UpgradeWindow) => string {
  const { t } = useTranslation();
  return useCallback((window) => (window.translationKey ? t(window.translationKey, { defaultValue: window.service }) : window.service), [t]);
}

export interface MaintenanceRedirectProps {
  windows: readonly UpgradeWindow[];
  /** The current location's pathname. */
  path: string;
  /** canBypass(grants): the user may pass maintenance. */
  bypass: boolean;
  /** Should replace the history entry, so Back does not return into the window. */
  navigate: (to: string) => void;
}

/**
 * Sends a user without the bypass permission to /upgrading when they open a path covered by a
 * window now. Checked on navigation; a window that starts while the user stays on a page is the
 * header countdown's business (it asks first).
 */
export function useMaintenanceRedirect({ windows, path, bypass, navigate }: MaintenanceRedirectProps): void {
  const serviceName = useServiceName();
  useEffect(() => {
    const window = maintenanceRedirect(windows, path, Date.now(), bypass);
    if (window) navigate(upgradingUrl(window, serviceName(window)));
  }, [windows, path, bypass, navigate, serviceName]);
}

/**
 * Wraps an action so that, when a window covering `path` starts within two hours, the user
 * confirms first (shell.md §4). Resolves with the action's result, or undefined when cancelled.
 */
export function useConfirmBeforeMaintenance(
  windows: readonly UpgradeWindow[],
  path: string,
): <T>(action: () => T | Promise<T>) => Promise<T | undefined> {
  const { t } = useTranslation();
  const serviceName = useServiceName();
  return useCallback(
    async <T>(action: () => T | Promise<T>): Promise<T | undefined> => {
      const now = Date.now();
      const soon = upcomingWindow(windows, path, now);
      if (!soon) return action();
      const confirmed = await confirm({
        header: t('Maintenance.ActionTitle'),
        message: t('Maintenance.ActionConfirm', { service: serviceName(soon), time: formatRemaining(soon.start - now) }),
        stay: t('Cancel'),
        proceed: t('Maintenance.Continue'),
      });
      return confirmed ? action() : undefined;
    },
    [windows, path, t, serviceName],
  );
}
