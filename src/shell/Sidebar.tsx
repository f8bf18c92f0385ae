import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler } from 'react-router';
import type { Brand } from '../config/schema.ts';

/** Logo linking home, the menu (search and items, filled by the navigation feature), app name and version. */
export function Sidebar({ brand, version, children }: { brand: Brand; version: string; children?: ReactNode }) {
  const { t } = useTranslation();
  // React Router 7's Link is mostly framework-mode prefetching, which brings route matching with it
  // (about 4 KB gzip on the start): the anchor and click handling Link is made of, without that.
  const home = useHref('/');
  const goHome = useLinkClickHandler('/');
  return (
    <div className="sidebar__inner">
      <a href={home} onClick={goHome} className="sidebar__logo" aria-label={`${brand.appName} – ${t('Shell.Home')}`}>
        {/* Lazy: in a handheld's closed drawer it is not drawn, and an SVG logo costs the start a document of its own. */}
        <img src={brand.logo} alt="" loading="lazy" />
      </a>
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
