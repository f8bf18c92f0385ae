import { Activity, startTransition, useContext, useEffect, useEffectEvent, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Brand } from '../config/schema.ts';
import { isBoolean, readStored, writeStored } from '../storage/local.ts';
import { ChunkFailedCard } from '../ui/ChunkFailedCard.tsx';
import { ChunkRecoveryContext } from '../ui/chunk-recovery.ts';
import { whenIdle } from '../ui/idle.ts';
import { ShellHeader } from './ShellHeader.tsx';
import { Sidebar } from './Sidebar.tsx';
import { layoutWidth, SPLIT_LAYOUT_QUERY } from '../ui/breakpoints.ts';
import { isSidebarCollapsed, sidebarLayout, sidebarToggle } from './sidebar-rules.ts';
import { useMediaQuery } from '../ui/useMediaQuery.ts';
import type * as DrawerModule from './drawer.ts';

const MENU_ID = 'sidebar';
const CONTENT_ID = 'shell-main';

/** The stored sidebar choice (shell.md §3), or undefined before any choice. */
export const storedSidebarCollapsed = (): boolean | undefined => readStored('sidebarCollapsed', isBoolean);

let drawerModule: Promise<typeof DrawerModule> | undefined;
/** The drawer's code (Ionic's menu), loaded once; a chunk that failed is asked for again next time. */
function loadDrawer(): Promise<typeof DrawerModule> {
  drawerModule ??= import('./drawer.ts').catch((error: unknown) => {
    drawerModule = undefined;
    throw error;
  });
  return drawerModule;
}

/**
 * The sidebar beside the content from the tablet width up (a plain column: nothing to load), a drawer
 * below it (Ionic's menu, loaded behind the first screen: it is closed at start). Mobile-view routes
 * get the full screen: no sidebar, the route's own bar instead of the header. The content stays at
 * the same place in the tree either way, so kept-alive frames survive the switch.
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
  useMediaQuery(SPLIT_LAYOUT_QUERY); // re-render when crossing the tablet width
  const recovery = useContext(ChunkRecoveryContext);
  const [storedCollapsed, setStoredCollapsed] = useState(storedSidebarCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerFailed, setDrawerFailed] = useState(false);
  const width = layoutWidth();
  const layout = sidebarLayout(width);
  const collapsed = isSidebarCollapsed(width, storedCollapsed);
  const drawer = layout === 'drawer' && !mobileView;

  // Closed at start: its code loads once the first screen is drawn, so the first tap opens it at once.
  // Its items too are drawn only then (at the lowest priority until then: nobody sees them), not
  // with the first screen; and in a transition, which gives the main thread back between items: drawn
  // at once, the whole menu was one task of over 100 ms on a handheld, which a tap then waited behind.
  // A tap on the toggle draws them at once (openOrCloseDrawer).
  const [drawerFilled, setDrawerFilled] = useState(false);
  useEffect(() => {
    if (drawer)
      return whenIdle(() => {
        startTransition(() => setDrawerFilled(true));
        void loadDrawer().then((module) => module.defineDrawerInSteps(whenIdle), () => undefined);
      });
  }, [drawer]);

  // On a handheld the drawer covers the page: once an item (or Back) moved the portal, it closes.
  const { pathname, search } = useLocation();
  // Only a move closes it, not its own opening: whether it is open is read when the move happens.
  const closeDrawerAfterMove = useEffectEvent(() => {
    if (drawerOpen) void loadDrawer().then((module) => module.closeDrawer(MENU_ID));
  });
  useEffect(() => closeDrawerAfterMove(), [pathname, search]);

  const openOrCloseDrawer = () => {
    setDrawerFailed(false);
    setDrawerFilled(true);
    loadDrawer().then(
      (module) => module.toggleDrawer(MENU_ID),
      async (error: unknown) => {
        console.warn('[shell] the menu could not be loaded', error);
        if (!(await recovery.afterChunkFailure())) setDrawerFailed(true);
      },
    );
  };

  const toggle = () => {
    const action = sidebarToggle(width, collapsed);
    if ('store' in action) {
      writeStored('sidebarCollapsed', action.store);
      setStoredCollapsed(action.store);
    } else {
      openOrCloseDrawer();
    }
  };

  // Only the items wait, not the drawer's <nav>: the main menu is part of the interactive shell, closed or not.
  const menu = (
    <Sidebar brand={brand} version={version}>
      {drawer ? <Activity mode={drawerFilled ? 'visible' : 'hidden'}>{sidebar}</Activity> : sidebar}
    </Sidebar>
  );
  return (
    <div className="shell-layout">
      {/* One slot before the content, whatever it holds, so the content keeps its place in the tree. */}
      {mobileView ? null : drawer ? (
        <ion-menu
          content-id={CONTENT_ID}
          menu-id={MENU_ID}
          className="sidebar sidebar--drawer"
          type="overlay"
          onionDidOpen={() => setDrawerOpen(true)}
          onionDidClose={() => setDrawerOpen(false)}
        >
          {menu}
        </ion-menu>
      ) : collapsed ? null : (
        <div className="sidebar sidebar--pane">{menu}</div>
      )}
      <div className="shell-main" id={CONTENT_ID}>
        {mobileView ? (
          header
        ) : (
          <ShellHeader sidebarExpanded={layout === 'split' ? !collapsed : drawerOpen} onToggleSidebar={toggle}>
            {header}
          </ShellHeader>
        )}
        <div className="shell-body">{children}</div>
      </div>
      {drawerFailed && <ChunkFailedCard onRetry={openOrCloseDrawer} />}
    </div>
  );
}

type Base = Omit<HTMLAttributes<HTMLElement>, 'slot'> & { children?: ReactNode };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      // Attributes, not properties: the element is set before Ionic defines it. React 19 adds
      // `on<event>` props of custom elements as listeners of exactly that event name.
      'ion-menu': Base & { 'content-id': string; 'menu-id': string; type?: 'overlay' | 'reveal' | 'push'; onionDidOpen?: () => void; onionDidClose?: () => void };
    }
  }
}
