/**
 * A shared device ends the provider's session in a hidden frame, so the page stays where it is and
 * the next person's sign-in screen shows at once, instead of a round trip of full pages through the
 * provider and back. The provider's logout page (oidc-provider's end_session confirmation) submits
 * itself while it loads, so the frame's first `load` is the provider's signed-out page: the session
 * has ended. Sandboxed: the provider's pages may run scripts and submit forms, never move the portal's page.
 * A provider that refuses to be framed loads the browser's error page instead, which cannot be told
 * apart from here: its session then lives on until its own end (the next sign-in asks for the form all the same).
 */

/** True once the provider's page after its logout loaded in the frame; false when nothing loaded within `deadlineMs`. */
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
    const timer = setTimeout(() => finish(false), deadlineMs);
    frame.addEventListener('load', () => finish(true), { once: true });
    frame.src = url;
    document.body.append(frame);
  });
}
