/**
 * A shared device ends the provider's session in a hidden frame, so the page stays where it is and
 * the next person's sign-in screen shows at once, instead of a round trip of full pages through the
 * provider and back. The provider's logout page submits itself (oidc-provider's end_session: its
 * confirmation form, then its signed-out page), so the frame loads twice when the session has ended.
 * Sandboxed: the provider's pages may run scripts and submit forms, never move the portal's page.
 */
export const PROVIDER_LOGOUT_PAGES = 2;

/** True once the provider's signed-out page loaded in the frame; false when it did not within `deadlineMs` (e.g. the provider refuses to be framed). */
export function endProviderSessionInFrame(url: string, deadlineMs: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.setAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin');
    let loads = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      frame.remove();
      resolve(ended);
    };
    const timer = setTimeout(() => finish(false), deadlineMs);
    frame.addEventListener('load', () => {
      if (++loads === PROVIDER_LOGOUT_PAGES) finish(true);
    });
    frame.src = url;
    document.body.append(frame);
  });
}
