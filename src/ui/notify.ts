import type { ToastButton } from '@ionic/core/components';
import type * as OverlayModule from './overlays.ts';

let loading: Promise<typeof OverlayModule> | undefined;

/** Ionic's toast, alert and modal (overlays.ts), loaded once on first use: no start needs them. */
export function loadOverlays(): Promise<typeof OverlayModule> {
  loading ??= import('./overlays.ts').catch((error: unknown) => {
    loading = undefined; // a chunk that failed to load is asked for again next time
    throw error;
  });
  return loading;
}

export type NoticeKind = 'error' | 'success' | 'info' | 'note';
const COLORS = { error: 'danger', success: 'success', info: 'primary', note: 'medium' } as const;

/** A toast of the given kind (shell.md §8 notifications); `header` names it ("Error"). */
export function notify(kind: NoticeKind, text: string, options: { header?: string; duration?: number; buttons?: ToastButton[] } = {}): void {
  void loadOverlays().then(({ showToast }) => showToast({ ...options, message: text, color: COLORS[kind] }));
}

/** A blocking question with two answers: true for `proceed`, false for `stay`. */
export async function confirm({ header, message, stay, proceed }: { header: string; message: string; stay: string; proceed: string }): Promise<boolean> {
  const { showAlert } = await loadOverlays();
  return new Promise<boolean>((resolve) => {
    void showAlert({
      header,
      message,
      buttons: [
        { text: stay, role: 'cancel', handler: () => resolve(false) },
        { text: proceed, role: 'confirm', handler: () => resolve(true) },
      ],
    });
  });
}
