import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { editing, installLeaveGuards } from '../frames/editing.ts';
import { OfflineModeDialogs } from '../offline/OfflineModeDialogs.tsx';
import { SessionContext } from '../session/context.ts';
import { Session } from '../session/session.ts';
import { SessionGate } from '../session/SessionGate.tsx';
import { SignInCallbackPage } from '../session/SignInCallbackPage.tsx';
import { CALLBACK_PATH, createUserManager } from '../session/user-manager.ts';
import { IonApp, setupIonic } from '../ui/ionic-app.tsx';
import { registerServiceWorker } from '../sw-client/register.ts';
import { UpdatePrompt } from '../sw-client/UpdatePrompt.tsx';
import { mode } from './page-state.ts';
import type { Runtime } from '../config/runtime.ts';
import { RuntimeContext } from '../context/runtime.ts';
import type * as SignedInModule from './SignedInApp.tsx';

setupIonic({ mode: 'md' });
// Before the router listens to popstate: the back-button guard must see it first.
installLeaveGuards();
const serviceWorker = registerServiceWorker();

// The signed-in shell (start-up sequence, catalogue, menu, frames) is its own chunk, requested now —
// in parallel with the runtime config and the translations — and awaited by boot before the first
// render. Not React.lazy: a Suspense fallback is held on screen for at least 300 ms.
let signedIn: typeof SignedInModule | undefined;
export const signedInLoaded: Promise<void> = import('./SignedInApp.tsx').then((module) => void (signedIn = module));

export function App({ runtime }: { runtime: Runtime }) {
  const session = useMemo(() => new Session(createUserManager(runtime.config.oidc), () => i18next.language), [runtime]);
  const isEditing = useSyncExternalStore(editing.subscribe, editing.isEditing);
  return (
    <RuntimeContext.Provider value={runtime}>
      <SessionContext.Provider value={session}>
        <IonApp>
          <BrowserRouter>
            <Routes>
              <Route path={CALLBACK_PATH} element={<SignInCallbackPage />} />
              <Route
                path="*"
                element={
                  <SignedInRoute />
                }
              />
            </Routes>
          </BrowserRouter>
          {serviceWorker && <OfflineModeDialogs mode={mode} />}
          <UpdatePrompt updates={serviceWorker} holdBack={isEditing} />
        </IonApp>
      </SessionContext.Provider>
    </RuntimeContext.Provider>
  );
}

/** The shell behind sign-in, or offline from the start snapshot with no session to check. */
function SignedInRoute() {
  if (!signedIn) throw new Error('boot renders the app only once the signed-in chunk has loaded');
  const { SignedInApp } = signedIn;
  return mode === 'offline' ? (
    <SignedInApp />
  ) : (
    <SessionGate>
      <SignedInApp />
    </SessionGate>
  );
}
