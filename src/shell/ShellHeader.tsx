import { menuOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/Icon.tsx';

/**
 * Sidebar toggle, then the header items (switches, language menu, user menu...) the shell passes in.
 * A plain banner styled as Ionic's md toolbar: ion-header and ion-toolbar added ~4 KB gzip before
 * the first frame (collapsing and translucent headers) for nothing this header uses.
 */
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
    <header className="shell-header">
      <div>
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
      <div className="shell-header__end">{children}</div>
    </header>
  );
}
