import { alertController, toastController, type AlertButton, type ToastButton } from '@ionic/core/components';
import { defineCustomElement as defineAlert } from '@ionic/core/components/ion-alert.js';
import { defineCustomElement as defineToast } from '@ionic/core/components/ion-toast.js';

/**
 * Ionic's alert and toast through their controllers. Import this module lazily: the React wrappers
 * (IonAlert, IonToast) live in @ionic/react's single module and would pull both components into the
 * initial bundle even when rendered only from a lazy chunk.
 */
defineAlert();
defineToast();

export interface AlertOptions {
  header?: string;
  message: string;
  buttons: AlertButton[];
  /** Blocking dialogs cannot be dismissed by the backdrop or Escape. */
  blocking?: boolean;
}

export async function showAlert({ header, message, buttons, blocking = true }: AlertOptions): Promise<HTMLIonAlertElement> {
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
  const toast = await toastController.create({ header, message, color, duration, buttons, position: 'bottom' });
  await toast.present();
  return toast;
}
