import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { storedSiteId } from '../context/choices.ts';
import { siteChangedElsewhere } from '../context/resolve.ts';
import { restart } from '../effects/restart.ts';
import { loadOverlays } from '../ui/notify.ts';

/**
 * When the tab becomes visible and the stored site differs from the one shown (changed in another
 * tab), 'Warehousing.DetectInvalidSiteMsg' says so; OK reloads.
 */
export function SiteWatcher({ shownSiteId }: { shownSiteId: number | null }) {
  const { t } = useTranslation();
  useEffect(() => {
    let open = false;
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || open || !siteChangedElsewhere(shownSiteId, storedSiteId())) return;
      open = true;
      showInvalidSiteDialog(t);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [shownSiteId, t]);
  return null;
}

/** 'Warehousing.DetectInvalidSiteMsg' (shell.md §4): the shown site is not valid any more; OK reloads. */
export function showInvalidSiteDialog(t: TFunction): void {
  void loadOverlays().then(({ showAlert }) =>
    showAlert({
      header: t('Chooser.ChooseSite'),
      message: t('Warehousing.DetectInvalidSiteMsg'),
      buttons: [{ text: t('OK'), role: 'confirm', handler: () => restart('context') }],
    }),
  );
}
