import { getApps, initializeApp } from 'firebase/app';
import { deleteToken, getMessaging, getToken, isSupported } from 'firebase/messaging';
import type { PushAdapter, PushSettings } from './adapter.ts';
import { subscribeForwardedPush } from './foreground.ts';

/**
 * Firebase Cloud Messaging. Loaded lazily by loadPushAdapter, so Firebase stays out of the initial
 * bundle and is never downloaded without push settings. Messages reach the page through our own
 * service worker (sw/push.ts), which is also the worker the token is bound to.
 */
export async function createFirebaseAdapter(settings: PushSettings): Promise<PushAdapter | null> {
  if (!(await isSupported().catch(() => false))) {
    console.info('[push] this browser cannot receive push messages');
    return null;
  }
  const messaging = getMessaging(getApps()[0] ?? initializeApp(settings.firebase));
  return {
    async getToken() {
      // Asking for permission is the notification dialog's job, on the routes that want it.
      if (Notification.permission !== 'granted') return null;
      const registration = await navigator.serviceWorker.getRegistration('/');
      if (!registration) return null; // no worker (development server): nothing could receive pushes
      try {
        return await getToken(messaging, { vapidKey: settings.vapidKey, serviceWorkerRegistration: registration });
      } catch (error) {
        console.warn('[push] Firebase gave no token', error);
        return null;
      }
    },
    onForegroundMessage: subscribeForwardedPush,
    async deleteToken() {
      if (Notification.permission !== 'granted') return; // no token was ever made
      await deleteToken(messaging);
    },
  };
}
