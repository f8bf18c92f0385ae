import { defineCustomElement as defineMenu } from '@ionic/core/components/ion-menu.js';
import { defineCustomElement as defineSplitPane } from '@ionic/core/components/ion-split-pane.js';
import type { HTMLAttributes, ReactNode } from 'react';

/**
 * The Ionic components of the signed-in shell, used as custom elements (no @ionic/react, see
 * ionic-app.tsx). Imported by the shell's layout, they load with the shell's own chunk, not with the
 * entry; the layout defines them before its first render.
 */
export function defineShellElements(): void {
  defineSplitPane();
  defineMenu();
}

type Base = Omit<HTMLAttributes<HTMLElement>, 'slot'> & { children?: ReactNode; slot?: string };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'ion-split-pane': Base & { contentId: string; when: string | boolean; disabled?: boolean };
      // React 19 adds `on<event>` props of custom elements as listeners of exactly that event name.
      'ion-menu': Base & { contentId: string; menuId: string; type?: 'overlay' | 'reveal' | 'push'; onionDidOpen?: () => void; onionDidClose?: () => void };
    }
  }
}
