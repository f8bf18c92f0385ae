import { IonRouterOutlet, IonSpinner } from '@ionic/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, useNavigate } from 'react-router-dom';
import { loadFlags } from '../flags/load.ts';
import { BlockedPage } from '../pages/BlockedPage.tsx';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import { useSession, useSessionState } from '../session/context.ts';
import { LanguageMenu } from '../shell/LanguageMenu.tsx';
import { Ribbon } from '../shell/Ribbon.tsx';
import { ShellLayout } from '../shell/ShellLayout.tsx';
import { UserMenu } from '../shell/UserMenu.tsx';
import { useRuntime } from './runtime.ts';
import { createServices } from './services.ts';
import { ShellContext } from './shell-context.ts';
import { runStartup, type StartupState } from './startup.ts';
import { chooseSeller, choosePlatform } from './stored-context.ts';
import { portalUserFrom } from './user.ts';

const PlatformChooser = lazy(() => import('../context/PlatformChooser.tsx'));
const SellerChooser = lazy(() => import('../context/SellerChooser.tsx'));

/** Runs the signed-in start-up sequence and renders its state: spinner, a blocking choice, or the shell. */
export function SignedInApp() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const session = useSession();
  const sessionState = useSessionState();
  const navigate = useNavigate();
  const services = useMemo(() => createServices(runtime, session, () => navigate('/403')), [runtime, session, navigate]);
  const [state, setState] = useState<StartupState>({ step: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const profile = sessionState.status === 'signedIn' || sessionState.status === 'expired' ? sessionState.user.profile : null;
  const user = useMemo(() => (profile ? portalUserFrom(profile as Record<string, unknown>) : null), [profile]);

  useEffect(() => services.tracker.start(), [services]);
  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    void runStartup(user, {
      api: services.api,
      loadFlags: (context) =>
        loadFlags(context, {
          evaluate: (request) => services.api.evaluateFlags(request),
          readCache: async () => undefined,
          writeCache: async () => undefined,
          onFailure: (error) => services.tracker.event('custom', 'flags_failed', { message: String(error) }),
        }),
    }).then((next) => {
      if (cancelled) return;
      if (next.step === 'ready') services.setCurrentSeller(next.context.seller.id);
      setState(next);
    });
    return () => {
      cancelled = true;
    };
    // `attempt` re-runs start-up after a retry.
  }, [user, services, attempt]);
  const retry = useCallback(() => {
    setState({ step: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  switch (state.step) {
    case 'loading':
      return (
        <div className="centered" role="status">
          <IonSpinner name="crescent" aria-hidden="true" />
          <span>{t('AppLoading')}</span>
        </div>
      );
    case 'choosePlatform':
      return (
        <Suspense fallback={null}>
          <PlatformChooser api={services.api} currentId={null} blocking onChoose={choosePlatform} footer={<LogoutFooter />} />
        </Suspense>
      );
    case 'chooseSeller':
      return (
        <Suspense fallback={null}>
          <SellerChooser sellers={state.sellers} currentId={null} blocking onChoose={(seller) => chooseSeller(seller.id)} footer={<LogoutFooter />} />
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
      return <BlockedPage title={t('Messages.LoadSellerError')} onRetry={retry} />;
    case 'ready':
      return (
        <ShellContext.Provider value={{ ...state.context, services }}>
          <ReadyShell />
        </ShellContext.Provider>
      );
  }
}

function LogoutFooter() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <button type="button" className="button chooser__more" onClick={() => void session.logout()}>
      {t('Logout')}
    </button>
  );
}

function ReadyShell() {
  return (
    <>
      <ShellLayout
        header={
          <>
            <LanguageMenu />
            <UserMenu />
          </>
        }
      >
        <IonRouterOutlet animated={false}>
          <Route path="/403" element={<ErrorPage code={403} />} />
          <Route path="/404" element={<ErrorPage code={404} />} />
          <Route path="/500" element={<ErrorPage code={500} />} />
          <Route path="/menu-tracking" element={<Navigate to="/menu-directory" replace />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </IonRouterOutlet>
      </ShellLayout>
      <Ribbon offline={false} />
    </>
  );
}
