/** Sign-in settings the shell needs without loading the sign-in library (oidc-client-ts). */

/** Where the identity provider sends the user back after signing in. */
export const CALLBACK_PATH = '/callback';
/** Per request to the identity provider (discovery, token, userinfo): under the start-up deadline. */
export const PROVIDER_TIMEOUT_S = 5;
