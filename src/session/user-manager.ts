import { ErrorResponse, UserManager, type SigninPopupArgs, type User } from 'oidc-client-ts';
import type { RuntimeConfig } from '../config/schema.ts';
import { CALLBACK_PATH, PROVIDER_TIMEOUT_S } from './sign-in-settings.ts';
import { createStateStore, createUserStore } from './stored-entries.ts';


/**
 * The oidc-client-ts client: authorization code + PKCE, renewal with rotated refresh tokens.
 * The user is kept in localStorage (not sessionStorage) so an installed portal reopened later,
 * possibly offline, still knows who signed in. Renewal is ours (session.ts) to make it single-flight.
 */
export function createUserManager(oidc: RuntimeConfig['oidc']): UserManager {
  return new UserManager({
    authority: oidc.authority,
    client_id: oidc.clientId,
    scope: oidc.scope,
    redirect_uri: `${location.origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${location.origin}/`,
    response_type: 'code',
    automaticSilentRenew: false,
    monitorSession: false,
    // Sign-in and renewal take the claims from their ID token; userinfo is asked only for a start drawn
    // from its snapshot (session.ts refreshUser), where no token is renewed.
    loadUserInfo: false,
    accessTokenExpiringNotificationTimeInSeconds: 30,
    // A provider that does not answer is reported within the start-up deadline, not after minutes.
    requestTimeoutInSeconds: PROVIDER_TIMEOUT_S,
    // localStorage through storage/local.ts, each entry validated where it is read (stored-entries.ts).
    userStore: createUserStore(),
    stateStore: createStateStore(),
  });
}

/**
 * The sign-in library as the session uses it. This module is loaded lazily (app/composition.ts): a
 * start with a valid stored token draws the shell without it, and it loads behind the first screen.
 */
export interface SignInLibrary {
  manager: UserManager;
  /** The provider answered with an error (e.g. invalid_grant), as opposed to not answering. */
  isRefusal(error: unknown): boolean;
  /**
   * The provider's sign-in in a popup, so the page stays as it is; where the browser opens no popup,
   * by a redirect that comes back to `state` (the promise then never settles: the page is leaving).
   */
  signInInPlace(request: SigninPopupArgs, state: unknown): Promise<User>;
}

export function createSignInLibrary(oidc: RuntimeConfig['oidc']): SignInLibrary {
  const manager = createUserManager(oidc);
  return {
    manager,
    isRefusal: (error) => error instanceof ErrorResponse,
    async signInInPlace(request, state) {
      try {
        return await manager.signinPopup({ ...request, popupAbortOnClose: true });
      } catch (error) {
        // oidc-client-ts's words for a popup the browser did not open.
        if (!(error instanceof Error) || !/disposed window|blocked/i.test(error.message)) throw error;
        await manager.signinRedirect({ ...request, state });
        return new Promise<never>(() => undefined);
      }
    },
  };
}
