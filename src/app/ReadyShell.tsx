import { arrowBackOutline } from 'ionicons/icons';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ALL_ROUTES, CATALOGUE } from '../catalogue/index.ts';
import type { RouteItem } from '../catalogue/types.ts';
import { confirmLeave } from '../frames/editing.ts';
import { FrameHost } from '../frames/FrameHost.tsx';
import type { FrameSpec } from '../frames/pool-store.ts';
import { useFrames, type FrameEvents } from '../frames/useFrames.ts';
import { createGatingContext } from '../gating/context.ts';
import { buildRedirectUrl } from '../gating/frame-src.ts';
import { createMenuSearch } from '../gating/search.ts';
import { deriveMenu } from '../gating/visibility.ts';
import type { Language } from '../i18n/languages.ts';
import { useMaintenanceRedirect } from '../maintenance/hooks.ts';
import { UpgradeCountdown } from '../maintenance/UpgradeCountdown.tsx';
import { canBypass, parseUpgradeWindows, type UpgradeWindow } from '../maintenance/windows.ts';
import { CatalogueRoutePage } from '../navigation/CatalogueRoutePage.tsx';
import { frameTargetFor } from '../navigation/frame-spec.ts';
import { useAddressContext, useSellerSupport } from '../navigation/hooks.ts';
import { CurrentRouteContext, NavigationContext, type Navigation } from '../navigation/navigation-context.ts';
import { createRouteResolver } from '../navigation/resolve-route.ts';
import { frameSettingsFor, headerSwitches, usesMobileView } from '../navigation/route-options.ts';
import { PushNotifications } from '../push/PushNotifications.tsx';
import { useSession } from '../session/context.ts';
import { HeaderExtras } from '../shell/HeaderExtras.tsx';
import { HeaderSwitches } from '../shell/HeaderSwitches.tsx';
import { Icon } from '../shell/Icon.tsx';
import { LanguageMenu } from '../shell/LanguageMenu.tsx';
import { MenuSearchDialog } from '../shell/MenuSearchDialog.tsx';
import { ModalFrame, type ModalFrameSpec } from '../shell/ModalFrame.tsx';
import { PageBar } from '../shell/PageBar.tsx';
import { Ribbon } from '../shell/Ribbon.tsx';
import { ShellLayout } from '../shell/ShellLayout.tsx';
import { SidebarMenu } from '../shell/SidebarMenu.tsx';
import { SiteWatcher } from '../shell/SiteWatcher.tsx';
import { UserMenu } from '../shell/UserMenu.tsx';
import { useRuntime } from './runtime.ts';
import { useShell } from './shell-context.ts';

/** Widths of shell.md §9: guide popup 1000, Contact Support modal frame 450. */
const GUIDE_WIDTH = 1000;
const SUPPORT_WIDTH = 450;

/** The signed-in shell once start-up is ready: menu, header, breadcrumb, frames and their messages. */
export function ReadyShell({ offline }: { offline: boolean }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const shell = useShell();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const address = useAddressContext();
  const { config } = runtime;

  const gating = useMemo(
    () =>
      createGatingContext({
        permissions: shell.user.permissions,
        roles: shell.user.roles,
        flags: shell.flags,
        isOfflineMode: offline,
        isAdminDomain: runtime.isAdminDomain,
        environment: config.environment,
        sellerId: shell.seller.id,
        comboPromotionSellerIds: config.comboPromotionSellerIds,
        websiteIds: shell.websiteIds,
      }),
    [shell, offline, runtime.isAdminDomain, config],
  );
  const resolver = useMemo(() => createRouteResolver(CATALOGUE, ALL_ROUTES, gating), [gating]);
  const menu = useMemo(() => deriveMenu(CATALOGUE, gating), [gating]);
  const titleOf = useCallback((item: RouteItem) => t(item.title, { ns: 'routes' }), [t]);
  const search = useMemo(() => createMenuSearch(menu, (key) => t(key, { ns: 'routes' })), [menu, t]);
  const current = useMemo(() => resolver.resolve(location.pathname, shell.site !== null), [resolver, location.pathname, shell.site]);
  const route = current.kind === 'route' ? current.route : null;
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
        else void import('../shell/overlays.ts').then(({ showToast }) => showToast({ header: t('Error'), message: t('Navigation.InvalidAddress'), color: 'danger' }));
        return;
      }
      const target = item.isModalItem && item.iFrameSrc ? frameTargetFor(item, {}, '', address) : null;
      if (target) setModal({ title: titleOf(item), src: target.src, app: target.app, width: GUIDE_WIDTH });
      else go(item.path);
    },
    [address, go, t, titleOf],
  );
  const navigation = useMemo<Navigation>(() => ({ menu, resolver, search, titleOf, open, go }), [menu, resolver, search, titleOf, open, go]);

  const mobileView = usesMobileView(route, shell.flags);
  const support = useSellerSupport(route);
  const routeTitle = route ? titleOf(route) : '';
  const active = useMemo<FrameSpec | null>(() => {
    if (current.kind !== 'route' || support.kind !== 'supported' || current.route.redirectOutside) return null;
    const target = frameTargetFor(current.route, current.params, location.search, address);
    if (!target) return null;
    const settings = frameSettingsFor({
      route: current.route,
      title: routeTitle,
      language: i18n.language as Language,
      platformId: shell.platform?.id ?? (shell.user.platformClaim || null),
      numberFormat: shell.numberFormat,
      sellerNumberFormat: shell.sellerNumberFormat,
      seller: { id: shell.seller.id, name: shell.seller.displayName || shell.seller.name },
      site: shell.site,
      parentOrigin: window.location.origin,
      clientId: config.oidc.clientId,
      oauthDomain: config.oidc.domain,
      isAdminDomain: runtime.isAdminDomain,
      mobileView,
      trackerAppId: config.trackerAppId,
      isOnlineMode: !offline,
      notificationAppId: config.push?.notificationAppId ?? '',
    });
    return { ...target, title: routeTitle, settings };
  }, [current, support.kind, location.search, address, routeTitle, i18n.language, shell, config, runtime.isAdminDomain, mobileView, offline]);

  const frameEvents = useMemo<FrameEvents>(
    () => ({
      onRoute(frame, path) {
        const portalPath = resolver.portalPathFor(frame.app, path);
        if (!portalPath) {
          console.warn(`[frames] ignored an invalid route address from ${frame.origin}: ${path}`);
          return;
        }
        const resolution = resolver.resolve(portalPath.split('?')[0] ?? portalPath, shell.site !== null);
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
        shell.services.tracker.event('custom', 'frame_message_rejected', { reason, type, origin });
        if (config.environment === 'development' && type === 'user-data-request') {
          void import('../shell/overlays.ts').then(({ showToast }) => showToast({ header: t('Error'), message: t('Frame.Rejected', { origin }), color: 'danger' }));
        }
      },
    }),
    // `pool` comes from useFrames below; the events only run after it exists.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resolver, shell, address, location.pathname, location.search, navigate, session, config.environment, t],
  );
  const policy = useMemo(() => ({ signInDomain: config.oidc.domain, localOrigins: config.localFrameOrigins }), [config]);
  const pool = useFrames(active, frameEvents, policy);

  // Maintenance windows (online only): redirect into /upgrading, header countdown.
  const [windows, setWindows] = useState<UpgradeWindow[]>([]);
  useEffect(() => {
    if (offline) return;
    shell.services.api.upgradeWindows().then(
      (raw) => setWindows(parseUpgradeWindows(raw)),
      () => setWindows([]),
    );
  }, [offline, shell.services]);
  const bypass = canBypass(gating.grants);
  const replace = useCallback((to: string) => navigate(to, { replace: true }), [navigate]);
  useMaintenanceRedirect({ windows, path: location.pathname, bypass, navigate: replace });

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

  const switches = headerSwitches(route, shell.can, shell.flags, offline);
  const header = mobileView ? (
    <div className="mobile-view-bar">
      {!route?.hideBackButton && (
        <button type="button" className="button button--icon" aria-label={t('Navigation.Back')} onClick={() => void confirmLeave().then((leave) => leave && (history.length > 1 ? history.back() : navigate('/')))}>
          <Icon icon={arrowBackOutline} />
        </button>
      )}
      {!route?.hideTitle && <h1 className="mobile-view-bar__title">{routeTitle}</h1>}
    </div>
  ) : (
    <>
      {!offline && <UpgradeCountdown windows={windows} path={location.pathname} bypass={bypass} navigate={replace} />}
      {!offline && <HeaderExtras route={route} flags={shell.flags} onContactSupport={openSupport} onSearch={() => setSearching(true)} />}
      <HeaderSwitches show={switches} />
      <LanguageMenu />
      <UserMenu />
    </>
  );
  const showPageBar = route && !route.shellPage && (!mobileView || !route.hideBreadcrumbMobileView);

  return (
    <NavigationContext.Provider value={navigation}>
      <CurrentRouteContext.Provider value={current}>
        <ShellLayout
          mobileView={mobileView}
          header={header}
          sidebar={<SidebarMenu activePath={route?.path ?? null} onSearch={() => setSearching(true)} />}
        >
          {showPageBar && <PageBar route={route} onGuide={openGuide} />}
          <div className="shell-content">
            <CatalogueRoutePage />
            <FrameHost pool={pool} />
          </div>
        </ShellLayout>
        <MenuSearchDialog open={searching} onClose={() => setSearching(false)} />
        {modal && <ModalFrame spec={modal} onClose={() => setModal(null)} />}
        {!offline && (
          <PushNotifications
            settings={config.push}
            user={{ sub: shell.user.sub, email: shell.user.email ?? undefined, phone_number: shell.user.phone ?? undefined }}
            post={(body) => shell.services.api.registerPushToken(body)}
            askPermission={route?.browserPermissions?.includes('notifications') ?? false}
            navigate={go}
          />
        )}
        {!offline && <SiteWatcher shownSiteId={shell.site?.id ?? null} />}
        <Ribbon offline={offline} />
      </CurrentRouteContext.Provider>
    </NavigationContext.Provider>
  );
}
