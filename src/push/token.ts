import { readStored } from '../storage/local.ts';

/*
 * The device's push token as the shell reads it for its frames at start, apart from registration
 * (register-push.ts), which loads with the push chunk after the first screen.
 */

/** FCM tokens are a few hundred URL-safe characters; anything else stored under the key is not one. */
const isPushToken = (value: unknown): value is string => typeof value === 'string' && /^[\w:.-]{1,4096}$/.test(value);

/** The device's push token as last stored, for the frame settings; undefined when push never ran. */
export const storedPushToken = (): string | undefined => readStored('pushToken', isPushToken);

/**
 * The push token frames receive in their settings (shell.md §2): empty when push is off for this
 * deployment, or before this device has a token (the next start has it: tokens outlive pages).
 */
export function pushTokenForFrames(pushEnabled: boolean): string {
  return pushEnabled ? (storedPushToken() ?? '') : '';
}
