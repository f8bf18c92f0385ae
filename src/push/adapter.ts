import type { RuntimeConfig } from '../config/schema.ts';
import type { PushMessage } from './message.ts';

export type PushSettings = NonNullable<RuntimeConfig['push']>;

/** The push service behind one seam, so tests drive registration without Google's servers. */
export interface PushAdapter {
  /** The device's push token, or null when there is none (no permission, no service worker...). */
  getToken(): Promise<string | null>;
  /** Messages that arrive while a portal tab is in view; returns the unsubscribe function. */
  onForegroundMessage(listener: (message: PushMessage) => void): () => void;
  /**
   * Deletes this device's token at the push service (logout). The notification service has no
   * unregister call (shell.md §7); with the token gone its sends to it fail, so the previous
   * person's notifications stop reaching a shared device. The next sign-in gets a new token.
   */
  deleteToken?(): Promise<void>;
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
