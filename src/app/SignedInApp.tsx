import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod/mini';
import { loadFlags, preloadFlagModules } from '../flags/load.ts';
import type { CachedFlags } from '../flags/flagr.ts';
import { BlockedPage } from '../pages/BlockedPage.tsx';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import { useSession, useSessionState } from '../session/context.ts';
import { LogoutButton } from '../session/LogoutButton.tsx';
import { BootSpinner } from './BootSpinner.tsx';
import { restoreShellContext, saveShellContext } from './offline-context.ts';
import { cache, mode } from './page-state.ts';
import { ReadyShell } from './ReadyShell.tsx';
import { useRuntime } from './runtime.ts';
import { createServices, type Services } from './services.ts';
import { ShellContext } from './shell-context.ts';
import { runStartup, type ShellContextValue, type StartupState } from './startup.ts';
import { chooseSeller, choosePlatform } from './stored-context.ts';
import { portalUserFrom } from './user.ts';

const PlatformChooser = lazy(() => import('../context/PlatformChooser.tsx'));
const SellerChooser = lazy(() => import('../context/SellerChooser.tsx'));

// Started while the config and translations load: online, the flags' modules (the first start-up
// step); offline, the shell's context from IndexedDB.
if (mode === 'online') preloadFlagModules();
const offlineContext = mode === 'offline' ? restoreShellContext(cache) : null;

const cachedFlagsSchema = z.object({
  entity: z.object({
    entityID: z.string(),
    entityType: z.literal('user'),
    entityContext: z.object({ seller_id: z.nullable(z.number()), platformId: z.nullable(z.number()) }),
  }),
  values: z.record(z.string(), z.boolean()),
  fetchedAt: z.number(),
});

function useServices(): Services {
  const runtime = useRuntime();
  const session = useSession();
  const navigate = useNavigate();
  return useMemo(() => createServices(runtime, session, () => navigate('/403')), [runtime, session, navigate]);
}

/** Online: runs the start-up sequence and renders its state — spinner, a blocking choice, or the shell. */
export function SignedInApp() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const sessionState = useSessionState();
  const services = useServices();
  const [state, setState] = useState<StartupState>({ step: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const profile = sessionState.status === 'signedIn' || sessionState.status === 'expired' ? sessionState.user.profile : null;
  const sub = profile?.sub;
  // The user is read once per sign-in; token renewals (new profile objects) must not restart start-up.
  const user = useMemo(() => (profile ? portalUserFrom(profile as Record<string, unknown>) : null), [sub]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => services.tracker.start(), [services]);
  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    void runStartup(user, {
      api: services.api,
      loadFlags: (context) =>
        loadFlags(context, {
          evaluate: (request) => services.api.evaluateFlags(request),
          readCache: async () => (await cache.read('flags', cachedFlagsSchema))?.value as CachedFlags | undefined,
          writeCache: (flags) => cache.write('flags', flags),
          onFailure: (error) => services.tracker.event('custom', 'flags_failed', { message: String(error) }),
        }),
    }).then((next) => {
      if (cancelled) return;
      if (next.step === 'ready') {
        services.setCurrentSeller(next.context.seller.id);
        void saveShellContext(cache, next.context);
      }
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
      return <BootSpinner />;
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
      return <BlockedPage title={t('Messages.LoadSellerError')} onRetry={retry} />;
    case 'forbidden':
      return <ErrorPage code={403} />;
    case 'ready':
      return <Ready context={state.context} services={services} offline={false} />;
  }
}

/** Offline: the shell from the last online start, read from IndexedDB; nothing waits on the network. */
export function OfflineApp() {
  const { t } = useTranslation();
  const services = useServices();
  const [context, setContext] = useState<ShellContextValue | null | undefined>(undefined);
  useEffect(() => {
    void offlineContext?.then(setContext);
  }, []);
  if (context === undefined) return <BootSpinner />;
  if (context === null) return <BlockedPage title={t('OfflineModeSwitch.NoOfflineData')} />;
  return <Ready context={context} services={services} offline />;
}

function Ready({ context, services, offline }: { context: ShellContextValue; services: Services; offline: boolean }) {
  const value = useMemo(() => ({ ...context, services }), [context, services]);
  return (
    <ShellContext.Provider value={value}>
      <ReadyShell offline={offline} />
    </ShellContext.Provider>
  );
}

