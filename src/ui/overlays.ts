import { alertController, modalController, toastController, type AlertButton, type ToastButton } from '@ionic/core/components';
import { defineCustomElement as defineAlert } from '@ionic/core/components/ion-alert.js';
import { defineCustomElement as defineModal } from '@ionic/core/components/ion-modal.js';
import { defineCustomElement as defineToast } from '@ionic/core/components/ion-toast.js';
import { setupIonic } from './ionic.ts';
import './overlays.css';

/**
 * Ionic's alert, toast and modal through their controllers (the portal uses Ionic's custom elements
 * without @ionic/react, see ionic-app.tsx). Load this module lazily (notify.ts's loadOverlays): no
 * start needs the three components; each is defined on its first use, Ionic itself (ionic.ts) on
 * the first overlay's.
 */

export interface AlertOptions {
  header?: string;
  message: string;
  buttons: AlertButton[];
  /** Blocking dialogs cannot be dismissed by the backdrop or Escape. */
  blocking?: boolean;
}

export async function showAlert({ header, message, buttons, blocking = true }: AlertOptions): Promise<HTMLIonAlertElement> {
  setupIonic();
  defineAlert();
  const alert = await alertController.create({ header, message, buttons, backdropDismiss: !blocking, keyboardClose: !blocking });
  await alert.present();
  return alert;
}

export interface ToastOptions {
  header?: string;
  message: string;
  color?: 'danger' | 'success' | 'medium' | 'primary';
  duration?: number;
  buttons?: ToastButton[];
}

export async function showToast({ header, message, color, duration = 5000, buttons }: ToastOptions): Promise<HTMLIonToastElement> {
  setupIonic();
  defineToast();
  const toast = await toastController.create({ header, message, color, duration, buttons, position: 'bottom' });
  await toast.present();
  return toast;
}

export interface ModalOptions {
  /** The element React renders the modal's content into (through a portal). */
  content: HTMLElement;
  /** Accessible name of the dialog. */
  label: string;
  /** A bottom sheet (phones) instead of a centred dialog. */
  sheet: boolean;
  /** Blocking modals cannot be closed by the backdrop, Escape or a swipe. */
  blocking: boolean;
  onDismiss?: () => void;
}

/**
 * Presents an Ionic modal around an element the caller fills; returns what dismisses it. A blocking
 * modal refuses the person's ways out, never its owner's: a chooser whose page goes (a logout from
 * it on a shared device, whose next person's sign-in shows in the same page) takes its modal along.
 */
export async function presentModal({ content, label, sheet, blocking, onDismiss }: ModalOptions): Promise<{ dismiss(): Promise<boolean> }> {
  setupIonic();
  defineModal();
  let ownerCloses = !blocking;
  const modal = await modalController.create({
    component: content,
    backdropDismiss: !blocking,
    canDismiss: async () => ownerCloses,
    keyboardClose: false,
    handle: false,
    cssClass: sheet ? 'portal-modal portal-modal--sheet' : 'portal-modal',
    htmlAttributes: { 'aria-label': label },
    ...(sheet ? { breakpoints: [0, 0.92], initialBreakpoint: 0.92 } : {}),
  });
  if (onDismiss) void modal.onDidDismiss().then(onDismiss);
  await modal.present();
  return {
    dismiss: () => {
      ownerCloses = true;
      return modal.dismiss();
    },
  };
}
