import { initialize, type IonicConfig } from '@ionic/core/components';
import { defineCustomElement as defineApp } from '@ionic/core/components/ion-app.js';
import type { HTMLAttributes, ReactNode } from 'react';

/**
 * Ionic set up without @ionic/react. That package is one module whose class components (tabs, router
 * outlet, back button, nav, ion-icon) survive tree-shaking and put ~12 KB gzip into the entry chunk,
 * while the shell only needs <ion-app>, a spinner and the controllers of @ionic/core (overlays.ts).
 */
export function setupIonic(config: IonicConfig): void {
  // As setupIonicReact does: the custom-elements build has no hydration, so nothing may wait for it.
  document.documentElement.classList.add('ion-ce');
  initialize(config);
  defineApp();
}

/** The root Ionic element: applies the mode's styles and starts Ionic's tap, focus and keyboard helpers. */
export function IonApp({ children }: { children: ReactNode }) {
  return <ion-app>{children}</ion-app>;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'ion-app': HTMLAttributes<HTMLElement> & { children?: ReactNode };
    }
  }
}
