import { readStored, writeStored } from '../storage/local.ts';
import type { PushAdapter } from './adapter.ts';
import { afterAttempt, isPushRegistrationState, needsRegistration } from './registration.ts';

/** Body of POST /notification/register-token (shell.md §3, §7). */
export interface RegisterTokenBody {
  app_id: string;
  user_id: string;
  transport: string;
  token: string;
  email: string;
  phone: string;
}

/** The signed-in user's claims that registration needs (oidc-client-ts's profile fits). */
export interface PushUser {
  sub: string;
  email?: string;
  phone_number?: string;
}

/** Tokens come from Firebase Cloud Messaging. */
const PUSH_TRANSPORT = 'fcm';

export const storedPushRegistration = () => readStored('pushRegistration', isPushRegistrationState);

export type PushOutcome = 'noToken' | 'unchanged' | 'registered' | 'failed';

export interface RegisterPushOptions {
  adapter: PushAdapter;
  /** Sends the body to POST /notification/register-token; rejects when the call fails. */
  post: (body: RegisterTokenBody) => Promise<unknown>;
  user: PushUser;
  /** The notification app id from the push settings. */
  appId: string;
}

/**
 * Gets the token, stores it with the app id (frames receive both), and registers it when the
 * state machine says so; the outcome is stored: true after success, false after failure.
 */
export async function registerPush({ adapter, post, user, appId }: RegisterPushOptions): Promise<PushOutcome> {
  const token = await adapter.getToken();
  if (!token) return 'noToken';
  writeStored('pushToken', token);
  writeStored('notificationAppId', appId);
  const current = { token, appId, userId: user.sub };
  if (!needsRegistration(storedPushRegistration(), current)) return 'unchanged';
  try {
    await post({ app_id: appId, user_id: user.sub, transport: PUSH_TRANSPORT, token, email: user.email ?? '', phone: user.phone_number ?? '' });
    writeStored('pushRegistration', afterAttempt(current, true));
    return 'registered';
  } catch (error) {
    console.warn('[push] token registration failed; the next attempt retries it', error);
    writeStored('pushRegistration', afterAttempt(current, false));
    return 'failed';
  }
}

/** Logout: this device's token stops being the person's (PushAdapter.deleteToken). Never rejects. */
export async function forgetPushToken(adapter: PushAdapter): Promise<void> {
  try {
    await adapter.deleteToken?.();
  } catch (error) {
    console.warn('[push] the push token could not be deleted', error);
  }
}
