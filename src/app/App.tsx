import { IonApp, setupIonicReact } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import i18next from 'i18next';
import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import { Route, Routes } from 'react-router-dom';
import { editing, installLeaveGuards } from '../frames/editing.ts';
import { createCache, registerCacheCleanup } from '../offline/cache.ts';
import { isBrowserOnline, readStoredMode, shellMode } from '../offline/mode.ts';
import { OfflineModeDialogs } from '../offline/OfflineModeDialogs.tsx';
import { SessionContext } from '../session/context.ts';
import { Session } from '../session/session.ts';
import { SessionGate } from '../session/SessionGate.tsx';
import { SignInCallbackPage } from '../session/SignInCallbackPage.tsx';
import { CALLBACK_PATH, createUserManager } from '../session/user-manager.ts';
import { registerServiceWorker } from '../sw-client/register.ts';
import { UpdatePrompt } from '../sw-client/UpdatePrompt.tsx';
import { BootSpinner } from './BootSpinner.tsx';
import { RuntimeContext, type Runtime } from './runtime.ts';

setupIonicReact({ mode: 'md' });
// Before the router listens to popstate: the back-button guard must see it first.
installLeaveGuards();
const serviceWorker = registerServiceWorker();
const cache = createCache();
registerCacheCleanup(cache);
/** Online or the reduced offline shell, fixed for the page's life (a switch stores the mode and reloads). */
const mode = shellMode(readStoredMode(), isBrowserOnline());

// The signed-in shell (start-up sequence, catalogue, menu, frames) loads while sign-in is checked:
// requested now, in parallel, rather than when the session is confirmed.
const signedIn = import('./SignedInApp.tsx');
const SignedInApp = lazy(() => signedIn.then((module) => ({ default: module.SignedInApp })));
const OfflineApp = lazy(() => signedIn.then((module) => ({ default: module.OfflineApp })));

export function App({ runtime }: { runtime: Runtime }) {
  const session = useMemo(() => new Session(createUserManager(runtime.config.oidc), () => i18next.language), [runtime]);
  const isEditing = useSyncExternalStore(editing.subscribe, editing.isEditing);
  return (
    <RuntimeContext.Provider value={runtime}>
      <SessionContext.Provider value={session}>
        <IonApp>
          <IonReactRouter>
            <Routes>
              <Route path={CALLBACK_PATH} element={<SignInCallbackPage />} />
              <Route
                path="*"
                element={
                  <Suspense fallback={<BootSpinner />}>
                    {mode === 'offline' ? (
                      <OfflineApp cache={cache} />
                    ) : (
                      <SessionGate>
                        <SignedInApp cache={cache} />
                      </SessionGate>
                    )}
                  </Suspense>
                }
              />
            </Routes>
          </IonReactRouter>
          {serviceWorker && <OfflineModeDialogs mode={mode} />}
          <UpdatePrompt updates={serviceWorker} holdBack={isEditing} />
        </IonApp>
      </SessionContext.Provider>
    </RuntimeContext.Provider>
  );
}
