import { memo, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { switchMode } from '../offline/mode.ts';
import { BlockedPage } from '../pages/BlockedPage.tsx';
import { StartupForbidden } from '../access/lazy.tsx';
import { triedState } from '../access/tried-path.ts';
import { useSession, useSessionState } from '../session/context.ts';
import { LogoutButton } from '../session/LogoutButton.tsx';
import { showInvalidSiteDialog } from '../shell/SiteWatcher.tsx';
import { BootSpinner } from '../ui/BootSpinner.tsx';
import { deferred } from '../ui/deferred.tsx';
import { withDeferredTexts } from '../i18n/index.ts';
import { releaseFrameFirst, removeShellPicture, type StartFlow, type StartView } from '../start/index.ts';
import { ReadyShell } from '../shell/ReadyShell.tsx';
import { useRuntime } from '../context/runtime.ts';
import type { Services } from '../api/services.ts';
import type { PageOutbox } from '../outbox/index.ts';
import { ShellContext, type ShellContextValue } from '../context/shell.ts';
import { useShiftOutsideShell } from '../shared-device/index.tsx';
import { PortalApiContext } from '../api/context.ts';
import { chooseSeller, choosePlatform } from '../context/choices.ts';
import { claimedSellerId } from '../context/claims.ts';
import { portalUserFrom, type PortalUser } from '../context/user.ts';
import { useStableNavigate } from '../navigation/useStableNavigate.ts';
import type { PageParts } from './composition.ts';
import { composeStart } from './start-composition.ts';

const PlatformChooser = deferred(() => withDeferredTexts(import('../context/PlatformChooser.tsx')).then((module) => module.default), { fallback: <BootSpinner /> });
const SellerChooser = deferred(() => withDeferredTexts(import('../context/SellerChooser.tsx')).then((module) => module.default), { fallback: <BootSpinner /> });

/** The signed-in user, read once per sign-in: token renewals (new profile objects) must not restart start-up. */
function useSignedInUser(): PortalUser | null {
  const sessionState = useSessionState();
  const profile = sessionState.status === 'signedIn' || sessionState.status === 'expired' ? sessionState.user.profile : null;
  const [kept, setKept] = useState<PortalUser | null>(null);
  if ((profile?.sub ?? null) === (kept?.sub ?? null)) return kept;
  const user = profile ? portalUserFrom(profile as Record<string, unknown>) : null;
  setKept(user);
  return user;
}

/**
 * The signed-in page: draws the start flow's state — spinner, the deadline's page, a blocking choice
 * or message, or the shell. Online it sits behind the session gate; offline it needs no session.
 */
export function SignedInApp({ page }: { page: PageParts }) {
  const runtime = useRuntime();
  const session = useSession();
  const location = useLocation();
  const navigate = useStableNavigate();
  const user = useSignedInUser();
  // Where the user was going is read once, when the page starts.
  const [returnTo] = useState(() => location.pathname + location.search);
  const goToForbidden = useCallback(() => {
    if (window.location.pathname !== '/403') navigate('/403', { state: triedState(window.location.pathname) });
  }, [navigate]);
  const start = useMemo(
    () =>
      page.mode === 'online' && !user
        ? null
        : composeStart(page, runtime, session, { user, returnTo, goToForbidden, claimedSeller: user ? claimedSellerId(user.sellerClaim) : null }),
    [page, runtime, session, user, returnTo, goToForbidden],
  );

  useEffect(() => start?.services.tracker.start(), [start]);
  useEffect(() => start?.outbox.activate(), [start]);
  useEffect(() => {
    if (!start) return;
    void start.flow.start();
    return () => start.flow.dispose();
  }, [start]);

  return start ? <StartFlowView flow={start.flow} services={start.services} outbox={start.outbox.load} /> : <BootSpinner />;
}

// Memoised: the page above re-renders on every route change (it reads the address); the flow's view does not depend on it.
const StartFlowView = memo(function StartFlowView({ flow, services, outbox }: { flow: StartFlow; services: Services; outbox: () => Promise<PageOutbox> }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const view: StartView = useSyncExternalStore(flow.subscribe, flow.getState);
  const siteInvalid = view.kind === 'ready' && view.siteInvalid;
  useEffect(() => {
    if (siteInvalid) showInvalidSiteDialog(t);
  }, [siteInvalid, t]);
  // A start that ends anywhere but in the shell drops what the boot step drew for it (start/frame-first/).
  const elsewhere = view.kind !== 'loading' && view.kind !== 'ready';
  const session = useSession();
  useShiftOutsideShell(elsewhere && runtime.sharedDevice !== null, session);
  useEffect(() => {
    if (!elsewhere) return;
    releaseFrameFirst();
    removeShellPicture();
  }, [elsewhere]);

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
      return <BlockedPage title={t('OfflineStart.NoOfflineData')} />;
    case 'ready':
      return <Ready context={view.context} services={services} outbox={outbox} offline={view.entry === 'offline'} />;
    case 'blocked':
      break;
  }
  const { state } = view;
  switch (state.step) {
    case 'choosePlatform':
      return (
        <PlatformChooser api={services.api} currentId={null} blocking onChoose={choosePlatform} footer={<LogoutButton className="button chooser__more" />} />
      );
    case 'chooseSeller':
      return (
        <SellerChooser sellers={state.sellers} currentId={null} blocking onChoose={(seller) => chooseSeller(seller.id)} footer={<LogoutButton className="button chooser__more" />} />
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
});

function Ready({ context, services, outbox, offline }: { context: ShellContextValue; services: Services; outbox: () => Promise<PageOutbox>; offline: boolean }) {
  return (
    <ShellContext.Provider value={context}>
      <PortalApiContext.Provider value={services.api}>
        <ReadyShell offline={offline} services={services} outbox={outbox} />
      </PortalApiContext.Provider>
    </ShellContext.Provider>
  );
}
