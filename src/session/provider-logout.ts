import { SIGNED_OUT_FRAME_PATH } from './sign-in-settings.ts';

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
