import type { HTMLAttributes, ReactNode } from 'react';

/**
 * Ionic without @ionic/react: that package is one module whose class components (tabs, router outlet,
 * back button, nav, ion-icon) survive tree-shaking and put ~12 KB gzip into the entry chunk, while the
 * shell needs only <ion-app>, the drawer (shell/drawer.ts) and the controllers of @ionic/core
 * (overlays.ts). None of them is drawn at start: Ionic loads with the first of them (ionic.ts).
 */

/** What the page needs before React renders: the custom-elements build has no hydration to wait for. */
export function markIonicPage(): void {
  document.documentElement.classList.add('ion-ce');
}

/**
 * The root Ionic element, undefined until Ionic loads. It carries the class its definition gives it
 * (`ion-page`: the whole viewport, core.css), so nothing moves when it upgrades and starts Ionic's
 * helpers (tap, focus-visible, keyboard).
 */
export function IonApp({ children }: { children: ReactNode }) {
  return <ion-app className="ion-page">{children}</ion-app>;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'ion-app': HTMLAttributes<HTMLElement> & { children?: ReactNode };
    }
  }
}
