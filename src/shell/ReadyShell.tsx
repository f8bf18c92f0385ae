import i18next from 'i18next';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { RouteItem } from '../catalogue/types.ts';
import { confirmLeave } from '../frames/editing.ts';
import { FrameHost } from '../frames/FrameHost.tsx';
import { tellFrame } from '../frames/messenger.ts';
import { frameWindowName } from '../frames/settings.ts';
import { useFrames } from '../frames/useFrames.ts';
import type { Language } from '../i18n/languages.ts';
import { useMaintenanceRedirect } from '../maintenance/hooks.ts';
import { closingWindows, maintenanceRedirect } from '../maintenance/windows.ts';
import { CatalogueRoutePage } from './CatalogueRoutePage.tsx';
import { useStableNavigate } from '../navigation/useStableNavigate.ts';
import { useAddressContext } from '../navigation/hooks.ts';
import { CurrentRouteContext, NavigationContext, type Navigation } from '../navigation/navigation-context.ts';
import { pushTokenForFrames } from '../push/token.ts';
import { useSession } from '../session/context.ts';
import { SharedDeviceLayer, SharedDeviceOverlay, ShiftContext, useSharedDevice, type ShiftDeps } from '../shared-device/index.tsx';
import { HeaderContent } from './HeaderContent.tsx';
import { PageBar } from './PageBar.tsx';
import { Ribbon } from './Ribbon.tsx';
import { ShellLayout } from './ShellLayout.tsx';
import { SidebarMenu } from './SidebarMenu.tsx';
import { SiteWatcher } from './SiteWatcher.tsx';
import { deferred } from '../ui/deferred.tsx';
import { withDeferredTexts } from '../i18n/index.ts';
import { whenIdle } from '../ui/idle.ts';
import { notify } from '../ui/notify.ts';
import { serviceWorkerMayRegister } from '../sw-client/register.ts';
import { useRuntime } from '../context/runtime.ts';
import type { Services } from '../api/services.ts';
import { PROTOCOL } from '../../packages/frame-client/index.ts';
import { outboxCount, type PageOutbox } from '../outbox/index.ts';
import { FRAME_FIRST_ADOPTION, pictureSignature, removeShellPicture, useFrameFirstRecord } from '../start/index.ts';
import { ShellController } from './shell-controller.ts';
import { deriveShellAccess, deriveShellView, frameSettingsIn, type ShellAccess } from './shell-model.ts';
import { useShell } from '../context/shell.ts';

// Not needed before the start frame: loaded when first drawn; the idle ones once the browser
// is idle after the shell has drawn and created its start frame.
// Drawn only over a frame that stays silent offline.
const NeedsConnectionCard = deferred(() => withDeferredTexts(import('./NeedsConnectionCard.tsx')).then((module) => module.NeedsConnectionCard));
const ModalFrame = deferred(() => import('./ModalFrame.tsx').then((module) => module.ModalFrame));
// The frames' part behind the first screen: moves in place, and the person's most opened apps loaded ahead.
const FramesAfterIdle = deferred(() => import('./FramesAfterIdle.tsx').then((module) => module.FramesAfterIdle), { idle: true, quiet: true });
const PushNotifications = deferred(() => withDeferredTexts(import('../push/PushNotifications.tsx')).then((module) => module.PushNotifications), { idle: true, quiet: true });
const MenuSearchDialog = deferred(() => withDeferredTexts(import('./MenuSearchDialog.tsx')).then((module) => module.MenuSearchDialog), { idle: true, quiet: true });
// The wedge over the shell and the camera sheet (README "Scanning"): behind the first screen.
const Scanning = deferred(() => withDeferredTexts(import('../scanner/Scanning.tsx')).then((module) => module.Scanning), { idle: true, quiet: true });
// Opened from the header's outbox badge.
const OutboxSheet = deferred(() => withDeferredTexts(import('./OutboxSheet.tsx')).then((module) => module.OutboxSheet));
/** What covers a frame that stayed silent offline: one function for the page's life, so the memoised frame host is passed by on a route change. */
const needsConnection = (title: string, retry: () => void) => <NeedsConnectionCard title={title} onRetry={retry} />;
/** The lock screen's count on a shared device: the person's writes the outbox has not sent yet. */
const waitingWrites = { get: () => outboxCount.get().waiting, subscribe: outboxCount.subscribe };

/**
 * The signed-in shell once start-up is ready: lays out the model of shell-model.ts (menu, current route,
 * start frame) with the header, breadcrumb and frames; its behaviour is the ShellController's.
 */
export function ReadyShell({ offline, services, outbox }: { offline: boolean; services: Services; outbox: () => Promise<PageOutbox> }) {
  const runtime = useRuntime();
  const shell = useShell();
  // What the user may open (every catalogue route explained) is the first render's largest piece of
  // work: in a component of its own, the render can yield to the browser before the shell's own part.
  const access = useMemo(() => deriveShellAccess(shell, offline, runtime), [shell, offline, runtime]);
  return <AccessibleShell access={access} offline={offline} services={services} outbox={outbox} />;
}

function AccessibleShell({ access, offline, services, outbox }: { access: ShellAccess; offline: boolean; services: Services; outbox: () => Promise<PageOutbox> }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const shell = useShell();
  const session = useSession();
  const location = useLocation();
  const navigate = useStableNavigate();
  const address = useAddressContext();
  const { config } = runtime;

  const { resolver, menu, windows, bypass } = access;
  const titleOf = useCallback((item: RouteItem) => t(item.title, { ns: 'routes' }), [t]);
  // What every frame is told besides its route: the language, the push token, the shell's origin.
  const frameInput = useMemo(
    () => ({ language: i18n.language as Language, pushToken: pushTokenForFrames(Boolean(runtime.config.push)), parentOrigin: window.location.origin }),
    [i18n.language, runtime],
  );
  // The view of any address: the current one's, and each kept in the frame-first record.
  const viewAt = useCallback(
    (pathname: string, search: string) => deriveShellView(access, shell, offline, runtime, { pathname, search, titleOf, address, ...frameInput }),
    [access, shell, offline, runtime, titleOf, address, frameInput],
  );
  const view = useMemo(() => viewAt(location.pathname, location.search), [viewAt, location.pathname, location.search]);
  const { current, route, routeTitle, mobileView, switches, showPageBar, frame: active } = view;

  const [controller] = useState(
    () =>
      new ShellController({
        navigate,
        currentPath: () => window.location.pathname + window.location.search,
        confirmLeave,
        accessToken: () => session.accessToken(),
        outbox: (frame, message, post) =>
          void outbox().then(
            (page) => page.frames.handle(frame, message, post),
            (error: unknown) => {
              console.warn('[outbox] not loaded', error);
              if (message.type !== 'outbox-watch') post({ protocol: PROTOCOL, type: 'outbox-refused', requestId: message.requestId, reason: 'storage-unavailable' });
            },
          ),
        track: (name, properties) => services.tracker.event('custom', name, properties),
        notifyError: (text) => notify('error', text, { header: i18next.t('Error') }),
        openWindow: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
        goBack: () => history.back(),
        canGoBack: () => history.length > 1,
      }),
  );
  // What the next start's boot step needs to request this frame before the framework runs.
  const frameAt = useCallback((path: string) => {
    const { pathname, search } = new URL(path, window.location.origin);
    return viewAt(pathname, search).frame;
  }, [viewAt]);
  // A route inside an open upgrade window is left for /upgrading at once: its frame is never created.
  const mayOpenAt = useCallback((pathname: string) => maintenanceRedirect(windows, pathname, Date.now(), bypass) === null, [windows, bypass]);
  const frameToOpen = useCallback((path: string) => (mayOpenAt(new URL(path, window.location.origin).pathname) ? frameAt(path) : null), [mayOpenAt, frameAt]);
  const { modal, searching, outboxOpen } = useSyncExternalStore(controller.subscribe, controller.getState);
  const navigation = useMemo<Navigation>(() => ({ menu, resolver, titleOf, open: controller.open, go: controller.go }), [menu, resolver, titleOf, controller]);

  const policy = useMemo(() => ({ signInDomain: config.oidc.domain, localOrigins: config.localFrameOrigins, wedge: runtime.brand.scanner.wedge }), [config, runtime]);
  const mayOpen = useCallback(() => mayOpenAt(window.location.pathname), [mayOpenAt]);
  const pool = useFrames(active, controller.frameEvents, policy, mayOpen, FRAME_FIRST_ADOPTION);
  useLayoutEffect(() => controller.attach(pool), [controller, pool]);

  // A shared device's shift (README "Shared devices"): the idle lock, the PIN, End shift.
  const sharedDevice = runtime.sharedDevice;
  const shiftDeps = useMemo<ShiftDeps>(
    () => ({
      person: { sub: shell.user.sub, loginHint: shell.user.email ?? shell.user.sub },
      signedInThisPage: session.signedInThisPage(),
      endFrames: () => pool.endSession(),
      logout: () => session.logout(),
      endedElsewhere: () => session.endedElsewhere(),
      signInAgain: (loginHint) => session.signInAgain(loginHint, window.location.pathname + window.location.search),
    }),
    [shell.user.sub, shell.user.email, session, pool],
  );
  const shift = useSharedDevice(sharedDevice, shiftDeps);
  // On a shared device every way out is End shift, an app's logout message too.
  const logout = useMemo(() => {
    const controls = shift.controls;
    return controls ? () => controls.endShift() : () => void session.logout();
  }, [shift.controls, session]);
  useLayoutEffect(
    () => controller.follow({ shell, resolver, address, config, language: i18n.language, titleOf, t, frameAt: frameToOpen, logout }),
    [controller, shell, resolver, address, config, i18n.language, titleOf, t, frameToOpen, logout],
  );

  const closing = useCallback((path: string) => closingWindows(windows, new URL(path, window.location.origin).pathname, bypass), [windows, bypass]);
  // What the pictures show, named only when the record is written (at an idle moment, not in this render).
  const drawnFor = useCallback(
    () =>
      pictureSignature([
        i18n.language,
        shell.user.name,
        shell.seller.displayName || shell.seller.name,
        shell.site?.name ?? '',
        ...menu.flatMap((entry) => [entry.item.path, ...entry.children.map((child) => child.path)]),
      ]),
    [i18n.language, shell, menu],
  );
  useFrameFirstRecord({
    enabled: !offline,
    sub: shell.user.sub,
    path: location.pathname + location.search,
    active,
    frameAt,
    closing,
    element: (key) => pool.element(key),
    frames: pool,
    drawnFor,
  });
  // The boot step's picture of the shell (if any) gives way as the shell draws itself, in the same frame.
  useLayoutEffect(() => removeShellPicture(), []);

  // Maintenance windows (online only, fetched alongside start-up): redirect into /upgrading, header countdown.
  const replace = useCallback((to: string) => navigate(to, { replace: true }), [navigate]);
  useMaintenanceRedirect({ windows, path: location.pathname, bypass, navigate: replace });

  // After the first frame is created (its render is this one's): the service worker may register,
  // the sign-in library may load (it watches the token's expiry) and the outbox starts (it delivers
  // what waits).
  useEffect(
    () =>
      whenIdle(() => {
        serviceWorkerMayRegister();
        session.prepare();
        void outbox().catch((error: unknown) => console.warn('[outbox] not loaded', error));
      }),
    [session, outbox],
  );

  useEffect(() => {
    document.title = routeTitle ? `${routeTitle} - ${runtime.brand.appName}` : runtime.brand.appName;
  }, [routeTitle, runtime.brand.appName]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        controller.openSearch();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [controller]);

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
      onBack={controller.back}
      onContactSupport={controller.openSupport}
      onSearch={controller.openSearch}
      onOutbox={controller.openOutbox}
    />
  );

  return (
    <ShiftContext.Provider value={shift.controls}>
      <NavigationContext.Provider value={navigation}>
        <CurrentRouteContext.Provider value={current}>
          <ShellLayout
            brand={runtime.brand}
            version={runtime.version}
            mobileView={mobileView}
            header={header}
            sidebar={<SidebarMenu activePath={route?.path ?? null} onSearch={controller.openSearch} />}
          >
            {showPageBar && route && <PageBar route={route} onGuide={controller.openGuide} />}
            <div className="shell-content">
              <CatalogueRoutePage />
              <FrameHost pool={pool} needsConnection={needsConnection} />
              <FramesAfterIdle pool={pool} tell={tellFrame} frameAt={frameToOpen} offlineMode={offline} />
            </div>
          </ShellLayout>
          <MenuSearchDialog open={searching} onClose={controller.closeSearch} />
          {outboxOpen && <OutboxSheet outbox={outbox} onClose={controller.closeOutbox} />}
          {modal && <ModalFrame spec={modal} name={frameWindowName(frameSettingsIn(shell, offline, runtime, frameInput)(modal.route, modal.title, false))} onClose={controller.closeModal} />}
          {!offline && (
            <PushNotifications
              settings={config.push}
              user={{ sub: shell.user.sub, email: shell.user.email ?? undefined, phone_number: shell.user.phone ?? undefined }}
              post={(body) => services.api.registerPushToken(body)}
              askPermission={route?.browserPermissions?.includes('notifications') ?? false}
              navigate={controller.go}
            />
          )}
          {!offline && <SiteWatcher shownSiteId={shell.site?.id ?? null} />}
          <Scanning settings={runtime.brand.scanner} pool={pool} covered={modal !== null} shell={controller} device={shift.device} />
          <Ribbon offline={offline} environment={config.ribbon} />
          {shift.device && sharedDevice && (
            <SharedDeviceOverlay>
              <SharedDeviceLayer device={shift.device} name={shell.user.name} pinLength={sharedDevice.pin.length} waiting={waitingWrites} />
            </SharedDeviceOverlay>
          )}
        </CurrentRouteContext.Provider>
      </NavigationContext.Provider>
    </ShiftContext.Provider>
  );
}
