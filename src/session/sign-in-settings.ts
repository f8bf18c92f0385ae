/** Sign-in settings the shell needs without loading the sign-in library (oidc-client-ts). */

/** Where the identity provider sends the user back after signing in. */
export const CALLBACK_PATH = '/callback';
/** Per request to the identity provider (discovery, token, userinfo): under the start-up deadline. */
export const PROVIDER_TIMEOUT_S = 5;
/**
 * Where the provider sends a shared device's hidden logout frame once the session has ended: a static
 * page of the portal's own (precached by the worker, so it loads at once), which the portal alone may
 * frame. Its loading in the frame is the proof that the logout finished; the provider's own pages
 * (an error, a question) cannot be told from each other. Registered at the provider beside `/`.
 */
export const SIGNED_OUT_FRAME_PATH = '/signed-out.html';
/**
 * A token closer than this to its expiry is renewed (behind the start, never before it); a longer-lived
 * one is left alone: refresh tokens rotate, and a page that leaves mid-renewal loses the rotated one.
 * Here, not in session.ts, so that the boot step (start/early-calls.ts) reads it without the session's code.
 */
export const RENEW_AHEAD_S = 5 * 60;
/** A logout hook that has not finished by then is left behind: logout must never hang. */
export const LOGOUT_HOOK_TIMEOUT_MS = 3000;
