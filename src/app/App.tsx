import { IonApp, setupIonicReact } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SessionContext } from '../session/context.ts';
import { Session } from '../session/session.ts';
import { SessionGate } from '../session/SessionGate.tsx';
import { SignInCallbackPage } from '../session/SignInCallbackPage.tsx';
import { CALLBACK_PATH, createUserManager } from '../session/user-manager.ts';
import { registerServiceWorker } from '../sw-client/register.ts';
import { UpdatePrompt } from '../sw-client/UpdatePrompt.tsx';
import { RuntimeContext, type Runtime } from './runtime.ts';
import { SignedInApp } from './SignedInApp.tsx';

setupIonicReact({ mode: 'md' });
const serviceWorker = registerServiceWorker();

export function App({ runtime }: { runtime: Runtime }) {
  const session = useMemo(() => new Session(createUserManager(runtime.config.oidc)), [runtime]);
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
                  <SessionGate>
                    <SignedInApp />
                  </SessionGate>
                }
              />
            </Routes>
          </IonReactRouter>
          <UpdatePrompt updates={serviceWorker} />
        </IonApp>
      </SessionContext.Provider>
    </RuntimeContext.Provider>
  );
}
