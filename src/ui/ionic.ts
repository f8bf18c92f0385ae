import { initialize } from '@ionic/core/components';
import { defineCustomElement as defineApp } from '@ionic/core/components/ion-app.js';
// Its components need it; the shell drawn at start does not (theme/shell.css holds what it uses).
import '@ionic/core/css/core.css';

let set = false;

/**
 * Ionic, set up once by the first module that draws one of its components (overlays.ts, the shell's
 * drawer): no component of it is drawn at start, so none of it is on the start's path. Its config comes before any component is
 * defined; then the <ion-app> already in the page upgrades and starts Ionic's tap, focus-visible and
 * keyboard helpers, which its overlays rely on.
 */
export function setupIonic(): void {
  if (set) return;
  set = true;
  initialize({ mode: 'md' });
  defineApp();
}
