import { defineCustomElement } from '@ionic/core/components/ion-spinner.js';
import type { HTMLAttributes } from 'react';

/** Ionic's crescent spinner, decorative: the caller names what is loading beside it. */
export function Spinner() {
  defineCustomElement(); // registers once; later calls do nothing
  return <ion-spinner name="crescent" aria-hidden="true" />;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'ion-spinner': HTMLAttributes<HTMLElement> & { name?: 'crescent' | 'dots' | 'lines' | 'circular' | 'bubbles' | 'circles' };
    }
  }
}
