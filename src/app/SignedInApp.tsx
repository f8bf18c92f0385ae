import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod/mini';
import { loadFlagsWithin, preloadFlagModules } from '../flags/load.ts';
import type { CachedFlags } from '../flags/flagr.ts';
import { subscribeConnectivity, switchMode } from '../offline/mode.ts';
import { BlockedPage } from '../pages/BlockedPage.tsx';
import { StartupForbidden } from '../access/lazy.tsx';
import { triedState } from '../access/tried-path.ts';
import { useSession, useSessionState } from '../session/context.ts';
import { LogoutButton } from '../session/LogoutButton.tsx';
import type { Session } from '../session/session.ts';
import { showInvalidSiteDialog } from '../shell/SiteWatcher.tsx';
import { BootSpinner } from '../ui/BootSpinner.tsx';
import { cache, mode } from './page-state.ts';
import { ReadyShell } from './ReadyShell.tsx';
import type { Runtime } from '../config/runtime.ts';
import { useRuntime } from '../context/runtime.ts';
import { createServices, type Services } from './services.ts';
import { ShellContext } from '../context/shell.ts';
import { PortalApiContext } from '../api/context.ts';
import { readSnapshot, readStoredSnapshot, saveSnapshot, type SnapshotRead, type StoredSnapshot } from './snapshot.ts';
import { StartFlow, type StartView } from './start-flow.ts';
import { runStartup } from './startup.ts';
import type { ShellContextValue } from '../context/shell.ts';
import { chooseSeller, choosePlatform, storedPlatform, storedSellerId, storedSiteId } from '../context/choices.ts';
import { claimedSellerId } from '../context/claims.ts';
import { portalUserFrom, type PortalUser } from '../context/user.ts';

const PlatformChooser = lazy(() => import('../context/PlatformChooser.tsx'));
const SellerChooser = lazy(() => import('../context/SellerChooser.tsx'));

// Started while the config and translations load: online, the flags' modules (the first start-up
// step); in either mode, the read of the last start's snapshot (IndexedDB, no network), checked
// once the config and the user are known.
if (mode === 'online') preloadFlagModules();
let earlySnapshot: StoredSnapshot | null = readStoredSnapshot(cache);
function lastSnapshot(runtime: Runtime, sub: string | null): Promise<SnapshotRead> {
  // Only the first start uses the early read: a retry must see what the start wrote since.
  const stored = earlySnapshot ?? readStoredSnapshot(cache);
  earlySnapshot = null;
  return readSnapshot(cache, {
    sub,
    version: runtime.version,
    maxAgeMs: mode === 'online' ? runtime.config.startup.snapshotMaxAgeHours * 3_600_000 : null,
    // Offline there are no switches: the last snapshot is what there is.
    choices: mode === 'online' ? { platformId: storedPlatform()?.id, sellerId: storedSellerId(), siteId: storedSiteId() } : {},
    stored,
  });
}

const cachedFlagsSchema = z.object({
  entity: z.object({
    entityID: z.string(),
    entityType: z.literal('user'),
    entityContext: z.object({ seller_id: z.nullable(z.number()), platformId: z.nullable(z.number()) }),
  }),
  values: z.record(z.string(), z.boolean()),
  fetchedAt: z.number(),
});

/** The page's services, the same across navigations (the router's navigate changes with the location). */
function useServices(claimedSeller: number | null): Services {
  const runtime = useRuntime();
  const session = useSession();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  });
  // Calls made together may all answer 403: the first names the page tried, the rest change nothing.
  const goToForbidden = useCallback(() => {
    if (window.location.pathname !== '/403') navigateRef.current('/403', { state: triedState(window.location.pathname) });
  }, []);
  // goToForbidden reads the ref only when an API call answers 403, never while rendering.
  // eslint-disable-next-line react-hooks/refs
  return useMemo(() => createServices(runtime, session, goToForbidden, claimedSeller), [runtime, session, goToForbidden, claimedSeller]);
}

/** The start-up flow of this page, for the signed-in user (online) or none (offline). */
function createStartFlow(runtime: Runtime, session: Session, services: Services, user: PortalUser | null, returnTo: string): StartFlow {
  const deadlineMs = runtime.config.startup.deadlineSeconds * 1000;
  return new StartFlow({
    mode,
    user,
    deadlineMs,
    readSnapshot: () => lastSnapshot(runtime, user?.sub ?? null),
    async refreshUser() {
      const refreshed = await session.refreshUser(returnTo);
      return refreshed ? portalUserFrom(refreshed.profile as Record<string, unknown>) : null;
    },
    runStartup: (current, onStep) =>
      runStartup(current, {
        api: services.api,
        stored: { platform: storedPlatform, sellerId: storedSellerId, siteId: storedSiteId },
        deadlineMs,
        onStep,
        loadFlags: (context, budgetMs) =>
          loadFlagsWithin(budgetMs, context, {
            evaluate: (request) => services.api.evaluateFlags(request),
            readCache: async () => (await cache.read('flags', cachedFlagsSchema))?.value as CachedFlags | undefined,
            writeCache: (flags) => cache.write('flags', flags),
            onFailure: (error) => services.tracker.event('custom', 'flags_failed', { message: String(error) }),
          }),
      }),
    saveSnapshot: (context) => saveSnapshot(cache, context, runtime.version),
    onContext: (context) => services.setCurrentSeller(context.seller.id),
    onConnectionReturn: (listener) => subscribeConnectivity((online) => online && listener()),
  });
}

/**
 * The signed-in page: draws the start flow's state — spinner, the deadline's page, a blocking choice
 * or message, or the shell. Online it sits behind the session gate; offline it needs no session.
 */
export function SignedInApp() {
  const runtime = useRuntime();
  const session = useSession();
  const sessionState = useSessionState();
  const location = useLocation();
  const profile = sessionState.status === 'signedIn' || sessionState.status === 'expired' ? sessionState.user.profile : null;
  const sub = profile?.sub;
  // The user is read once per sign-in; token renewals (new profile objects) must not restart start-up.
  const user = useMemo(() => (profile ? portalUserFrom(profile as Record<string, unknown>) : null), [sub]); // eslint-disable-line react-hooks/exhaustive-deps
  const services = useServices(user ? claimedSellerId(user.sellerClaim) : null);
  const flow = useMemo(
    () => (mode === 'online' && !user ? null : createStartFlow(runtime, session, services, user, location.pathname + location.search)),
    // Where the user was going is read once, when the flow is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [runtime, session, services, user],
  );

  useEffect(() => services.tracker.start(), [services]);
  useEffect(() => {
    if (!flow) return;
    void flow.start();
    return () => flow.dispose();
  }, [flow]);

  return flow ? <StartFlowView flow={flow} services={services} /> : <BootSpinner />;
}

function StartFlowView({ flow, services }: { flow: StartFlow; services: Services }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const view: StartView = useSyncExternalStore(flow.subscribe, flow.getState);
  const siteInvalid = view.kind === 'ready' && view.siteInvalid;
  useEffect(() => {
    if (siteInvalid) showInvalidSiteDialog(t);
  }, [siteInvalid, t]);

  switch (view.kind) {
    case 'loading':
      return <BootSpinner />;
    case 'stalled':
      return (
        <BlockedPage title={t('Startup.StillLoading')} onRetry={flow.retry}>
          <p>{t('Startup.StillLoadingDetail', { what: t(`Startup.Step.${view.step}`) })}</p>
          {view.canContinueOffline && (
            <button type="button" className="button" onClick={() => switchMode('offline')}>
              {t('Startup.ContinueOffline')}
            </button>
          )}
        </BlockedPage>
      );
    case 'noOfflineData':
      return <BlockedPage title={t('OfflineModeSwitch.NoOfflineData')} />;
    case 'ready':
      return <Ready context={view.context} services={services} offline={view.entry === 'offline'} />;
    case 'blocked':
      break;
  }
  const { state } = view;
  switch (state.step) {
    case 'choosePlatform':
      return (
        <Suspense fallback={<BootSpinner />}>
          <PlatformChooser api={services.api} currentId={null} blocking onChoose={choosePlatform} footer={<LogoutButton className="button chooser__more" />} />
        </Suspense>
      );
    case 'chooseSeller':
      return (
        <Suspense fallback={<BootSpinner />}>
          <SellerChooser sellers={state.sellers} currentId={null} blocking onChoose={(seller) => chooseSeller(seller.id)} footer={<LogoutButton className="button chooser__more" />} />
        </Suspense>
      );
    case 'noValidSeller':
      return (
        <BlockedPage title={t('Messages.NoValidSellerOrSite', { email: runtime.supportEmail })}>
          <p>
            <a href={`mailto:${runtime.supportEmail}`}>{runtime.supportEmail}</a>
          </p>
        </BlockedPage>
      );
    case 'sellerLoadFailed':
      return <BlockedPage title={t('Messages.LoadSellerError')} onRetry={flow.retry} />;
    case 'forbidden':
      return <StartupForbidden user={state.user} />;
  }
}

function Ready({ context, services, offline }: { context: ShellContextValue; services: Services; offline: boolean }) {
  return (
    <ShellContext.Provider value={context}>
      <PortalApiContext.Provider value={services.api}>
        <ReadyShell offline={offline} services={services} />
      </PortalApiContext.Provider>
    </ShellContext.Provider>
  );
}
