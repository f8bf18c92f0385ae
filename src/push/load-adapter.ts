import type { PushAdapter, PushSettings } from './adapter.ts';

// Apart from adapter.ts (the types), so the Firebase adapter can use those types without an import circle.
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
