import { menuOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

/** Sidebar toggle, then the header items (switches, language menu, user menu...) the shell passes in. */
export function ShellHeader({
  sidebarExpanded,
  onToggleSidebar,
  children,
}: {
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ion-header className="shell-header">
      <ion-toolbar>
        <div slot="start">
          <button
            type="button"
            className="button button--icon"
            aria-label={t('Shell.ToggleSidebar')}
            aria-expanded={sidebarExpanded}
            onClick={onToggleSidebar}
          >
            <Icon icon={menuOutline} />
          </button>
        </div>
        <div slot="end" className="shell-header__end">
          {children}
        </div>
      </ion-toolbar>
    </ion-header>
  );
}
