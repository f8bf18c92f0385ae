import { useSyncExternalStore } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import type { Runtime } from '../config/runtime.ts';
import { RuntimeContext, useRuntime } from '../context/runtime.ts';
import { editing } from '../frames/editing.ts';
import { OfflineModeDialogs } from '../offline/OfflineModeDialogs.tsx';
import { SessionContext, useSession, useSessionState } from '../session/context.ts';
import type { Session } from '../session/session.ts';
import { SessionGate } from '../session/SessionGate.tsx';
import { NextPersonPage } from '../shared-device/index.tsx';
import { CALLBACK_PATH } from '../session/sign-in-settings.ts';
import { UpdatePrompt } from '../sw-client/UpdatePrompt.tsx';
import { ChunkRecoveryContext } from '../ui/chunk-recovery.ts';
import { IonApp } from '../ui/ionic-app.tsx';
import { PageErrorBoundary } from '../ui/PageErrorBoundary.tsx';
import { BootSpinner } from '../ui/BootSpinner.tsx';
import { deferred } from '../ui/deferred.tsx';
import { withDeferredTexts } from '../i18n/index.ts';
import { StartFailure } from '../pages/StartFailure.tsx';
import type { PageParts } from './composition.ts';
import type * as SignedInModule from './SignedInApp.tsx';

/** The provider's way back only: its code loads beside the config there (composePage), and never on the start of a signed-in page. */
const SignInCallbackPage = deferred(() => import('../session/SignInCallbackPage.tsx').then((module) => module.SignInCallbackPage), { fallback: <BootSpinner /> });
/** A personal device with nobody signed in and no connection: rare, so its code and texts load when shown (precached for offline use). */
const SignedOutPage = deferred(() => withDeferredTexts(import('../session/SignedOutPage.tsx')).then((module) => module.SignedOutPage), { fallback: <BootSpinner /> });

/**
 * The page's providers and routes. The signed-in shell (start-up sequence, catalogue, menu, frames)
 * is its own chunk, requested by composePage and awaited by boot before the first render.
 */
export function App({ runtime, session, page, signedIn }: { runtime: Runtime; session: Session; page: PageParts; signedIn: typeof SignedInModule }) {
  const isEditing = useSyncExternalStore(editing.subscribe, editing.isEditing);
  const { SignedInApp } = signedIn;
  return (
    <RuntimeContext.Provider value={runtime}>
      <SessionContext.Provider value={session}>
        <ChunkRecoveryContext.Provider value={page.recovery}>
          <PageErrorBoundary fallback={<StartFailure />}>
            <IonApp>
              <BrowserRouter>
                <PageRoute page={page} SignedInApp={SignedInApp} />
              </BrowserRouter>
              {page.serviceWorker && <OfflineModeDialogs mode={page.mode} />}
              <UpdatePrompt updates={page.serviceWorker} holdBack={isEditing} />
            </IonApp>
          </PageErrorBoundary>
        </ChunkRecoveryContext.Provider>
      </SessionContext.Provider>
    </RuntimeContext.Provider>
  );
}

/**
 * The sign-in callback's page, or the shell: the shell resolves every other address itself (the
 * catalogue's route map), so React Router's route matching is not bundled for these two (3.3 KB gzip).
 */
function PageRoute({ page, SignedInApp }: { page: PageParts; SignedInApp: typeof SignedInModule.SignedInApp }) {
  const { pathname } = useLocation();
  const runtime = useRuntime();
  const session = useSession();
  const { status } = useSessionState();
  if (pathname === CALLBACK_PATH) return <SignInCallbackPage />;
  // Offline the shell draws from the start snapshot with no session to check, while someone is signed
  // in here (composeSession starts the session offline only when nobody is).
  return page.mode === 'offline' && status === 'starting' && session.hasStoredUser() ? (
    <SignedInApp page={page} />
  ) : (
    // Nobody signed in: a shared device waits for the next person; offline, a personal one says signing in needs a connection.
    <SessionGate signedOut={runtime.sharedDevice ? <NextPersonPage brand={runtime.brand} /> : <SignedOutPage />}>
      <SignedInApp page={page} />
    </SessionGate>
  );
}
