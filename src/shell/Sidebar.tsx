import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Brand } from '../config/schema.ts';

/** Logo linking home, the menu (search and items, filled by the navigation feature), app name and version. */
export function Sidebar({ brand, version, children }: { brand: Brand; version: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="sidebar__inner">
      <Link to="/" className="sidebar__logo" aria-label={`${brand.appName} – ${t('Shell.Home')}`}>
        <img src={brand.logo} alt="" />
      </Link>
      <nav className="sidebar__nav" aria-label={t('Shell.MainMenu')}>
        {children}
      </nav>
      <footer className="sidebar__footer">
        <div>{brand.appName}</div>
        <div data-testid="app-version">{t('Shell.Version', { version })}</div>
      </footer>
    </div>
  );
}
