import { menuController } from '@ionic/core/components';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Brand } from '../config/schema.ts';
import { isBoolean, readStored, writeStored } from '../storage/local.ts';
import { defineShellElements } from './ionic-elements.tsx';
import { ShellHeader } from './ShellHeader.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SPLIT_LAYOUT_QUERY } from '../ui/breakpoints.ts';
import { isSidebarCollapsed, sidebarLayout, sidebarToggle } from './sidebar-rules.ts';
import { useMediaQuery } from '../ui/useMediaQuery.ts';

const MENU_ID = 'sidebar';
const CONTENT_ID = 'shell-main';

/** The stored sidebar choice (shell.md §3), or undefined before any choice. */
export const storedSidebarCollapsed = (): boolean | undefined => readStored('sidebarCollapsed', isBoolean);

/**
 * Split pane: the sidebar beside the content from the tablet width up, a drawer below it. Mobile-view
 * routes get the full screen: no sidebar, the route's own bar instead of the header. The content
 * stays at the same place in the tree either way, so kept-alive frames survive the switch.
 */
export function ShellLayout({
  brand,
  version,
  header,
  sidebar,
  mobileView = false,
  children,
}: {
  brand: Brand;
  version: string;
  header?: ReactNode;
  sidebar?: ReactNode;
  mobileView?: boolean;
  children: ReactNode;
}) {
  defineShellElements(); // registers once; later calls do nothing
  useMediaQuery(SPLIT_LAYOUT_QUERY); // re-render when crossing the tablet width
  const [storedCollapsed, setStoredCollapsed] = useState(storedSidebarCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const width = innerWidth;
  const layout = sidebarLayout(width);
  const collapsed = isSidebarCollapsed(width, storedCollapsed);

  // On a handheld the drawer covers the page: once an item (or Back) moved the portal, it closes.
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (layout === 'drawer') void menuController.close(MENU_ID);
  }, [pathname, search, layout]);

  const toggle = () => {
    const action = sidebarToggle(width, collapsed);
    if ('store' in action) {
      writeStored('sidebarCollapsed', action.store);
      setStoredCollapsed(action.store);
    } else {
      void menuController.toggle(MENU_ID);
    }
  };

  return (
    <ion-split-pane contentId={CONTENT_ID} when={SPLIT_LAYOUT_QUERY} disabled={mobileView || (layout === 'split' && collapsed)}>
      <ion-menu
        contentId={CONTENT_ID}
        menuId={MENU_ID}
        className="sidebar"
        type="overlay"
        onionDidOpen={() => setDrawerOpen(true)}
        onionDidClose={() => setDrawerOpen(false)}
      >
        <Sidebar brand={brand} version={version}>
          {sidebar}
        </Sidebar>
      </ion-menu>
      <div className="ion-page shell-main" id={CONTENT_ID}>
        {mobileView ? (
          header
        ) : (
          <ShellHeader sidebarExpanded={layout === 'split' ? !collapsed : drawerOpen} onToggleSidebar={toggle}>
            {header}
          </ShellHeader>
        )}
        <div className="shell-body">{children}</div>
      </div>
    </ion-split-pane>
  );
}
