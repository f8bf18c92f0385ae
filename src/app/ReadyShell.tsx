import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { RouteItem } from '../catalogue/types.ts';
import { confirmLeave } from '../frames/editing.ts';
import { FrameHost } from '../frames/FrameHost.tsx';
import { useFrames, type FrameEvents } from '../frames/useFrames.ts';
import { buildRedirectUrl } from '../gating/frame-src.ts';
import { createMenuSearch } from '../gating/search.ts';
import type { Language } from '../i18n/languages.ts';
import { useMaintenanceRedirect } from '../maintenance/hooks.ts';
import { CatalogueRoutePage } from '../navigation/CatalogueRoutePage.tsx';
import { frameTargetFor } from '../navigation/frame-spec.ts';
import { useAddressContext } from '../navigation/hooks.ts';
import { CurrentRouteContext, NavigationContext, type Navigation } from '../navigation/navigation-context.ts';
import { pushTokenForFrames } from '../push/register-push.ts';
import { useSession } from '../session/context.ts';
import { HeaderContent } from '../shell/HeaderContent.tsx';
import type { ModalFrameSpec } from '../shell/ModalFrame.tsx';
import { PageBar } from '../shell/PageBar.tsx';
import { Ribbon } from '../shell/Ribbon.tsx';
import { ShellLayout } from '../shell/ShellLayout.tsx';
import { SidebarMenu } from '../shell/SidebarMenu.tsx';
import { SiteWatcher } from '../shell/SiteWatcher.tsx';
import { deferred } from '../ui/deferred.tsx';
import { whenIdle } from '../ui/idle.ts';
import { notify } from '../ui/notify.ts';
import { serviceWorkerMayRegister } from '../sw-client/register.ts';
import { useRuntime } from '../context/runtime.ts';
import type { Services } from './services.ts';
import { deriveShellAccess, deriveShellView } from './shell-model.ts';
import { useShell } from '../context/shell.ts';

// Not needed before the start frame (issue 12): loaded when first drawn; the idle ones once the browser
// is idle after the shell has drawn and created its start frame.
// Drawn only over a frame that stays silent offline.
const NeedsConnectionCard = deferred(() => import('../shell/NeedsConnectionCard.tsx').then((module) => module.NeedsConnectionCard));
const ModalFrame = deferred(() => import('../shell/ModalFrame.tsx').then((module) => module.ModalFrame));
const PushNotifications = deferred(() => import('../push/PushNotifications.tsx').then((module) => module.PushNotifications), { idle: true });
const MenuSearchDialog = deferred(() => import('../shell/MenuSearchDialog.tsx').then((module) => module.MenuSearchDialog), { idle: true });

/** Widths of shell.md §9: guide popup 1000, Contact Support modal frame 450. */
const GUIDE_WIDTH = 1000;
const SUPPORT_WIDTH = 450;

/**
 * The signed-in shell once start-up is ready: lays out the model of shell-model.ts (menu, current route,
 * start frame) with the header, breadcrumb and frames, and wires the frames' messages.
 */
export function ReadyShell({ offline, services }: { offline: boolean; services: Services }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const shell = useShell();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const address = useAddressContext();
  const { config } = runtime;

  const access = useMemo(() => deriveShellAccess(shell, offline, runtime), [shell, offline, runtime]);
  const { resolver, menu, windows, bypass } = access;
  const titleOf = useCallback((item: RouteItem) => t(item.title, { ns: 'routes' }), [t]);
  const search = useMemo(() => createMenuSearch(menu, (key) => t(key, { ns: 'routes' })), [menu, t]);
  const view = useMemo(
    () =>
      deriveShellView(access, shell, offline, runtime, {
        pathname: location.pathname,
        search: location.search,
        language: i18n.language as Language,
        titleOf,
        address,
        pushToken: pushTokenForFrames(Boolean(runtime.config.push)),
        parentOrigin: window.location.origin,
      }),
    [access, shell, offline, runtime, location.pathname, location.search, i18n.language, titleOf, address],
  );
  const { current, route, routeTitle, mobileView, switches, showPageBar, frame: active } = view;
  const [modal, setModal] = useState<ModalFrameSpec | null>(null);
  const [searching, setSearching] = useState(false);

  // React Router gives a new navigate function on every navigation; the menu's callbacks must stay
  // the same so its items do not re-render each time.
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  });
  const go = useCallback<Navigation['go']>(
    (path, options) => void confirmLeave().then((leave) => leave && navigateRef.current(path, options)),
    [],
  );
  const open = useCallback(
    (item: RouteItem) => {
      if (item.redirectOutside) {
        const url = buildRedirectUrl(item, {}, address);
        if (url) window.open(url, '_blank', 'noopener,noreferrer');
        else notify('error', t('Navigation.InvalidAddress'), { header: t('Error') });
        return;
      }
      const target = item.isModalItem && item.iFrameSrc ? frameTargetFor(item, {}, '', address) : null;
      if (target) setModal({ title: titleOf(item), src: target.src, app: target.app, width: GUIDE_WIDTH });
      else go(item.path);
    },
    [address, go, t, titleOf],
  );
  const navigation = useMemo<Navigation>(() => ({ menu, resolver, search, titleOf, open, go }), [menu, resolver, search, titleOf, open, go]);

  const frameEvents = useMemo<FrameEvents>(
    () => ({
      onRoute(frame, path) {
        const portalPath = resolver.portalPathFor(frame.app, path);
        if (!portalPath) {
          console.warn(`[frames] ignored an invalid route address from ${frame.origin}: ${path}`);
          return;
        }
        const resolution = resolver.resolve(portalPath.split('?')[0] ?? portalPath);
        if (resolution.kind === 'route') {
          const query = portalPath.includes('?') ? portalPath.slice(portalPath.indexOf('?')) : '';
          const target = frameTargetFor(resolution.route, resolution.params, query, address);
          // The frame already shows that page: it now stands for the new address, no reload.
          if (target?.app === frame.app) pool.rekey(frame.key, target.key);
        }
        if (portalPath !== location.pathname + location.search) navigate(portalPath);
      },
      onLogout: () => void session.logout(),
      userData() {
        const token = session.accessToken();
        if (!token) return null;
        return {
          sub: shell.user.sub,
          name: shell.user.name,
          email: shell.user.email,
          picture: shell.user.picture,
          accessToken: token,
          sellerId: shell.seller.id,
          platformId: shell.platform?.id ?? (shell.user.platformClaim || null),
          siteId: shell.site?.id ?? null,
        };
      },
      onRejected(reason, type, origin) {
        services.tracker.event('custom', 'frame_message_rejected', { reason, type, origin });
        if (config.environment === 'development' && type === 'user-data-request') {
          notify('error', t('Frame.Rejected', { origin }), { header: t('Error') });
        }
      },
    }),
    // `pool` comes from useFrames below; the events only run after it exists.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resolver, shell, address, location.pathname, location.search, navigate, session, config.environment, t],
  );
  const policy = useMemo(() => ({ signInDomain: config.oidc.domain, localOrigins: config.localFrameOrigins }), [config]);
  const pool = useFrames(active, frameEvents, policy);

  // Maintenance windows (online only, fetched alongside start-up): redirect into /upgrading, header countdown.
  const replace = useCallback((to: string) => navigate(to, { replace: true }), [navigate]);
  useMaintenanceRedirect({ windows, path: location.pathname, bypass, navigate: replace });

  // After the first frame is created (its render is this one's): the service worker may register.
  useEffect(() => whenIdle(serviceWorkerMayRegister), []);

  useEffect(() => {
    document.title = routeTitle ? `${routeTitle} - ${runtime.brand.appName}` : runtime.brand.appName;
  }, [routeTitle, runtime.brand.appName]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearching(true);
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  const openGuide = useCallback(
    (item: RouteItem) => {
      const base = config.apps.helpCenter;
      if (!item.guide || !base) return;
      const url = new URL(`/guides/${encodeURIComponent(item.guide.serviceCode)}/${encodeURIComponent(item.guide.userGuideCode)}`, base);
      url.searchParams.set('lang', i18n.language);
      setModal({ title: t('Shell.UserGuide'), src: url.href, app: 'helpCenter', width: GUIDE_WIDTH });
    },
    [config.apps.helpCenter, i18n.language, t],
  );
  const openSupport = useCallback(() => {
    if (config.apps.pos) setModal({ title: t('Shell.ContactSupport'), src: new URL('/support', config.apps.pos).href, app: 'pos', width: SUPPORT_WIDTH });
  }, [config.apps.pos, t]);

  const header = (
    <HeaderContent
      route={route}
      routeTitle={routeTitle}
      mobileView={mobileView}
      offline={offline}
      flags={shell.flags}
      switches={switches}
      windows={windows}
      path={location.pathname}
      bypass={bypass}
      replace={replace}
      onBack={() => void confirmLeave().then((leave) => leave && (history.length > 1 ? history.back() : navigate('/')))}
      onContactSupport={openSupport}
      onSearch={() => setSearching(true)}
    />
  );

  return (
    <NavigationContext.Provider value={navigation}>
      <CurrentRouteContext.Provider value={current}>
        <ShellLayout
          brand={runtime.brand}
          version={runtime.version}
          mobileView={mobileView}
          header={header}
          sidebar={<SidebarMenu activePath={route?.path ?? null} onSearch={() => setSearching(true)} />}
        >
          {showPageBar && route && <PageBar route={route} onGuide={openGuide} />}
          <div className="shell-content">
            <CatalogueRoutePage />
            <FrameHost pool={pool} needsConnection={(title, retry) => <NeedsConnectionCard title={title} onRetry={retry} />} />
          </div>
        </ShellLayout>
        <MenuSearchDialog open={searching} onClose={() => setSearching(false)} />
        {modal && <ModalFrame spec={modal} onClose={() => setModal(null)} />}
        {!offline && (
          <PushNotifications
            settings={config.push}
            user={{ sub: shell.user.sub, email: shell.user.email ?? undefined, phone_number: shell.user.phone ?? undefined }}
            post={(body) => services.api.registerPushToken(body)}
            askPermission={route?.browserPermissions?.includes('notifications') ?? false}
            navigate={go}
          />
        )}
        {!offline && <SiteWatcher shownSiteId={shell.site?.id ?? null} />}
        <Ribbon offline={offline} environment={config.ribbon} />
      </CurrentRouteContext.Provider>
    </NavigationContext.Provider>
  );
}
