import type { UserManager } from 'oidc-client-ts';
import { answers } from '../api/reachable.ts';
import { PROVIDER_TIMEOUT_S, SIGNED_OUT_FRAME_PATH } from './sign-in-settings.ts';
import { confirmLogout } from './unconfirmed-logout.ts';

/**
 * A shared device ends the provider's session in a hidden frame, so the page stays where it is and
 * the next person's sign-in screen shows at once, instead of a round trip of full pages through the
 * provider and back. The provider's logout page (oidc-provider's end_session confirmation) submits
 * itself while it loads and the provider then sends the frame to the portal's own signed-out page
 * (`post_logout_redirect_uri`, served by the worker): that page loading is the proof the session
 * ended. Any other page that stays — the provider's error (an unknown return address, say), a
 * question the person would have to answer, the browser's error page of a provider that refuses to be
 * framed — is not: the caller then takes the whole page to the provider. Sandboxed: the provider's
 * pages may run scripts and submit forms, never move the portal's page.
 */

/** How long a page of the provider's that loaded may take to move on by itself (a confirmation that submits itself once loaded). */
export const PROVIDER_PAGE_GRACE_MS = 1000;
/** How long a shared device's logout lets the provider's session end in a hidden frame before it goes there itself. */
export const PROVIDER_LOGOUT_FRAME_MS = 5000;

/**
 * True once the provider sent the frame back to the portal's signed-out page; false when another page
 * stays there for PROVIDER_PAGE_GRACE_MS, or nothing came back within `deadlineMs`.
 */
export function endProviderSessionInFrame(url: string, deadlineMs: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.setAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin');
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      frame.remove();
      resolve(ended);
    };
    const deadline = Date.now() + deadlineMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUpIn = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(false), ms);
    };
    giveUpIn(deadlineMs);
    frame.addEventListener('load', () => (cameBack(frame) ? finish(true) : giveUpIn(Math.min(PROVIDER_PAGE_GRACE_MS, deadline - Date.now()))));
    frame.src = url;
    document.body.append(frame);
  });
}

/** Whether the frame shows the portal's signed-out page: reading another origin's address throws. */
function cameBack(frame: HTMLIFrameElement): boolean {
  try {
    const address = frame.contentWindow?.location;
    return address?.origin === location.origin && address.pathname === SIGNED_OUT_FRAME_PATH;
  } catch {
    return false;
  }
}

/**
 * Ending the provider's session at a logout (Session: this module loads with a logout, or with a page
 * that ends one left unconfirmed, never on a start): the sign-in library's manager and the session's
 * parts (SessionDeps), whose frame and reachability are the frame above and api/reachable.ts unless a
 * test gives its own.
 */
export interface ProviderLogoutParts {
  manager: UserManager;
  deps: {
    language?(): string;
    endProviderSession?(url: string): Promise<boolean>;
    providerAnswers?(url: string): Promise<boolean>;
  };
}

/** How a logout's end at the provider went: confirmed here, the page on its way there, or the provider out of reach now. */
export type ProviderLogout = 'ended' | 'left' | 'unreachable';

/**
 * A shared device: the provider's session starts ending in the hidden frame at once, with `idToken`
 * as its hint when the person's is still at hand (else the portal's client id alone); `ended` is true
 * when the provider sent the frame back, which confirms the logout (unconfirmed-logout.ts). Settles
 * once the frame is in the page.
 */
export async function endInFrame({ manager, deps }: ProviderLogoutParts, idToken?: string): Promise<{ ended: Promise<boolean> }> {
  const endpoint = await manager.metadataService.getEndSessionEndpoint();
  if (!endpoint) return { ended: Promise.resolve(false) };
  const url = new URL(endpoint);
  if (idToken) url.searchParams.set('id_token_hint', idToken);
  url.searchParams.set('client_id', manager.settings.client_id);
  url.searchParams.set('post_logout_redirect_uri', `${location.origin}${SIGNED_OUT_FRAME_PATH}`);
  url.searchParams.set('ui_locales', deps.language?.() ?? 'vi');
  const ended = (deps.endProviderSession ?? ((address: string) => endProviderSessionInFrame(address, PROVIDER_LOGOUT_FRAME_MS)))(url.href);
  void ended.then((done) => done && confirmLogout(), () => undefined);
  return { ended };
}

/**
 * Ends at the provider a logout it has not confirmed, if it answers now: in the hidden frame when
 * `frame` (a shared device; the page stays), else, or when the frame did not come back, by taking the
 * whole page to its end-session endpoint, back to `returnTo` with a state of oidc-client-ts's
 * (Session.start then confirms it). 'unreachable': not now, and never the browser's error page; the
 * next sign-in shows the provider's form all the same. 'ended': here, or nothing to end (a provider
 * without an end-session endpoint, whose form the sign-in asks for).
 */
export async function endProviderSession(parts: ProviderLogoutParts, { returnTo, idToken, frame }: { returnTo: string; idToken?: string; frame: boolean }): Promise<ProviderLogout> {
  const { manager, deps } = parts;
  const reachable = deps.providerAnswers ?? ((url: string) => answers(url, PROVIDER_TIMEOUT_S * 1000));
  let endpoint: string | undefined;
  try {
    endpoint = await manager.metadataService.getEndSessionEndpoint();
  } catch {
    return 'unreachable'; // its discovery document is not at hand either
  }
  if (endpoint === undefined) return 'ended';
  if (!(await reachable(endpoint))) return 'unreachable';
  if (frame && (await (await endInFrame(parts, idToken)).ended)) return 'ended';
  await manager.signoutRedirect({ id_token_hint: idToken, state: { returnTo } });
  return 'left';
}

/**
 * Whether this page is the provider's return from its end-session endpoint (home, with the state
 * oidc-client-ts gave the request): then the logout is confirmed, the address becomes home again, and
 * this says where the sign-in was going. Null otherwise, or for a return that is not this device's
 * (a stale or forged one: the logout stays unconfirmed).
 */
export async function completeLogout({ manager }: ProviderLogoutParts): Promise<string | null> {
  if (!new URLSearchParams(location.search).has('state')) return null;
  try {
    const response = await manager.signoutRedirectCallback(location.href);
    confirmLogout();
    history.replaceState(history.state, '', '/');
    return ((response.userState as { returnTo?: string } | undefined)?.returnTo) ?? '/';
  } catch (error) {
    console.warn('[session] the provider’s logout answer was not accepted', error);
    return null;
  }
}
