import { useSyncExternalStore } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { Runtime } from '../config/runtime.ts';
import { RuntimeContext } from '../context/runtime.ts';
import { editing } from '../frames/editing.ts';
import { OfflineModeDialogs } from '../offline/OfflineModeDialogs.tsx';
import { SessionContext } from '../session/context.ts';
import type { Session } from '../session/session.ts';
import { SessionGate } from '../session/SessionGate.tsx';
import { SignInCallbackPage } from '../session/SignInCallbackPage.tsx';
import { CALLBACK_PATH } from '../session/sign-in-settings.ts';
import { UpdatePrompt } from '../sw-client/UpdatePrompt.tsx';
import { ChunkRecoveryContext } from '../ui/chunk-recovery.ts';
import { IonApp } from '../ui/ionic-app.tsx';
import { PageErrorBoundary } from '../ui/PageErrorBoundary.tsx';
import { StartFailure } from '../pages/StartFailure.tsx';
import type { PageParts } from './composition.ts';
import type * as SignedInModule from './SignedInApp.tsx';

const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

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
              {/* React Router 7's behaviour now (every path the shell navigates to is absolute), and no warnings. */}
              <BrowserRouter future={ROUTER_FUTURE}>
                <Routes>
                  <Route path={CALLBACK_PATH} element={<SignInCallbackPage />} />
                  <Route
                    path="*"
                    element={
                      // Offline the shell draws from the start snapshot with no session to check.
                      page.mode === 'offline' ? (
                        <SignedInApp page={page} />
                      ) : (
                        <SessionGate>
                          <SignedInApp page={page} />
                        </SessionGate>
                      )
                    }
                  />
                </Routes>
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
