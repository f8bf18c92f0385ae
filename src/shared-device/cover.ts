/**
 * Hides the work of a locked shared device (README "Shared devices"): everything in the page but the
 * shared device's own dialogs — the shell, its frames (kept alive: hidden, not removed, so an edit in
 * progress survives), its overlays, the boot step's start frame and picture — is not drawn and is inert.
 * The one module that does; theme/shell.css holds the rule, so it applies before any lazy part loads.
 */
export const COVERED_ATTRIBUTE = 'data-shift-covered';

export function coverWork(covered: boolean, doc: Document = document): void {
  doc.documentElement.toggleAttribute(COVERED_ATTRIBUTE, covered);
  const root = doc.getElementById('root');
  if (root) root.inert = covered;
}
