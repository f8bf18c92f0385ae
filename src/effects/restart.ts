/**
 * Every reload of the portal goes through here, with the reason it happens, so a reload is never a
 * silent side effect buried in a component and tests can see why a page started again.
 */
export type RestartReason =
  | 'language' // the user chose another language
  | 'context' // another platform, seller or site was chosen
  | 'mode' // online/offline mode switched
  | 'config' // the runtime config changed in a way that applies at once
  | 'connection' // a start that failed for want of a connection: it returned
  | 'release' // a new release took over (service worker update, or a chunk the server no longer has)
  | 'session' // signed out or the session ended
  | 'retry'; // the user pressed Retry on a page that failed before the app could start

let reload: () => void = () => location.reload();

export function restart(reason: RestartReason): void {
  console.info(`[restart] ${reason}`);
  reload();
}

/** Tests only: observe restarts instead of reloading the test page. */
export function onRestartForTests(handler: () => void): () => void {
  const previous = reload;
  reload = handler;
  return () => void (reload = previous);
}
