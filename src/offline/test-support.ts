import { act } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/locales/en/translation.json';
import enDeferred from '../i18n/locales/en/deferred.json';
import type { AlertOptions, ToastOptions } from '../ui/overlays.ts';

/**
 * Helpers for the component tests of src/offline, src/maintenance and src/push. This module also
 * stands in for src/ui/overlays.ts, recording instead of presenting:
 *   vi.mock('../ui/overlays.ts', () => import('../offline/test-support.ts'));
 */

/** English resources loaded synchronously. */
export async function initTestI18n(): Promise<void> {
  if (i18next.isInitialized) return;
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en, deferred: enDeferred } },
    interpolation: { escapeValue: false },
  });
}

interface Dismissible {
  dismiss: () => Promise<boolean>;
  dismissed: boolean;
}

export const shown = {
  alerts: [] as (AlertOptions & Dismissible)[],
  toasts: [] as (ToastOptions & Dismissible)[],
};

export function resetOverlays(): void {
  shown.alerts.length = 0;
  shown.toasts.length = 0;
}

function record<T extends object>(list: (T & Dismissible)[], options: T): T & Dismissible {
  const entry: T & Dismissible = {
    ...options,
    dismissed: false,
    dismiss: async () => {
      entry.dismissed = true;
      return true;
    },
  };
  list.push(entry);
  return entry;
}

export async function showAlert(options: AlertOptions): Promise<HTMLIonAlertElement> {
  return record(shown.alerts, options) as unknown as HTMLIonAlertElement;
}

export async function showToast(options: ToastOptions): Promise<HTMLIonToastElement> {
  return record(shown.toasts, options) as unknown as HTMLIonToastElement;
}

/** Presses a button of the latest alert (or toast) as Ionic would: runs its handler, then dismisses. */
export async function press(text: string, from: 'alerts' | 'toasts' = 'alerts'): Promise<void> {
  const overlay = shown[from].at(-1);
  const button = overlay?.buttons?.find((candidate) => typeof candidate !== 'string' && candidate.text === text);
  if (!overlay || !button || typeof button === 'string') throw new Error(`no ${from} button "${text}"`);
  await act(async () => {
    await button.handler?.(undefined);
    overlay.dismissed = true;
  });
}
