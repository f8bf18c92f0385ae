/**
 * The start's spinner, decorative: the caller names what is loading beside it. Drawn by CSS alone
 * (index.html's `.boot__spinner`, the one the page shows before any script runs), so the screens of
 * a start need no Ionic and the spinner does not change when the app takes over from the page.
 */
export function Spinner() {
  return <div className="boot__spinner" aria-hidden="true" />;
}
