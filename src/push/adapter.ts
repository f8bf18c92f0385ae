import type { RuntimeConfig } from '../config/schema.ts';
import type { PushMessage } from './message.ts';

export type PushSettings = NonNullable<RuntimeConfig['push']>;

/** The push service behind one seam, so tests drive registration without Google's servers. */
export interface PushAdapter {
  /** The device's push token, or null when there is none (no permission, no service worker...). */
  getToken(): Promise<string | null>;
  /** Messages that arrive while a portal tab is in view; returns the unsubscribe function. */
  onForegroundMessage(listener: (message: PushMessage) => void): () => void;
}

declare global {
  interface Window {
    /**
     * Injection point for end-to-end tests: an init script that sets this before the portal loads
     * replaces Firebase (the push settings must still be configured). Nothing in the product sets it.
     */
    staffPortalPushAdapter?: PushAdapter;
  }
}

let offLogged = false;

/**
 * The adapter for these settings: none when push is not configured (said once in the console),
 * the injected test adapter when there is one, else Firebase, loaded only now.
 */
export async function loadPushAdapter(settings: PushSettings | undefined): Promise<PushAdapter | null> {
  if (!settings) {
    if (!offLogged) console.info('[push] push notifications are off: the runtime config has no push settings');
    offLogged = true;
    return null;
  }
  if (window.staffPortalPushAdapter) return window.staffPortalPushAdapter;
  const { createFirebaseAdapter } = await import('./firebase-adapter.ts');
  return createFirebaseAdapter(settings);
}
