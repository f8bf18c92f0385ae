/**
 * The push registration state machine (shell.md §4): the token is registered with the
 * notification service again whenever the token, the notification app id or the user changed
 * since the last attempt, or that attempt failed. Pure: storage and calls live in register-push.ts.
 */
export interface PushIdentity {
  token: string;
  appId: string;
  userId: string;
}

/** What was last sent, and whether the service accepted it. */
export interface PushRegistrationState extends PushIdentity {
  success: boolean;
}

export function needsRegistration(stored: PushRegistrationState | undefined, current: PushIdentity): boolean {
  return (
    !stored ||
    !stored.success ||
    stored.token !== current.token ||
    stored.appId !== current.appId ||
    stored.userId !== current.userId
  );
}

/** The state to store after an attempt: true after success, false after failure. */
export function afterAttempt(current: PushIdentity, success: boolean): PushRegistrationState {
  return { ...current, success };
}

export function isPushRegistrationState(value: unknown): value is PushRegistrationState {
  if (value === null || typeof value !== 'object') return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state.token === 'string' &&
    typeof state.appId === 'string' &&
    typeof state.userId === 'string' &&
    typeof state.success === 'boolean'
  );
}
