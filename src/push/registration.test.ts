import { describe, expect, it } from 'vitest';
import { afterAttempt, isPushRegistrationState, needsRegistration, type PushIdentity } from './registration.ts';

const current: PushIdentity = { token: 't1', appId: 'staff-portal', userId: 'u1' };

describe('push registration state machine', () => {
  it.each([
    ['nothing stored yet', undefined, true],
    ['the same identity registered successfully', { ...current, success: true }, false],
    ['the last attempt failed', { ...current, success: false }, true],
    ['the token changed', { ...current, token: 't0', success: true }, true],
    ['the app id changed', { ...current, appId: 'other-app', success: true }, true],
    ['the user changed', { ...current, userId: 'u0', success: true }, true],
  ])('%s → register: %s', (_, stored, expected) => {
    expect(needsRegistration(stored, current)).toBe(expected);
  });

  it('stores true after success and false after failure', () => {
    expect(afterAttempt(current, true)).toEqual({ ...current, success: true });
    expect(afterAttempt(current, false)).toEqual({ ...current, success: false });
  });

  it.each([
    [{ ...current, success: true }, true],
    [{ ...current, success: 'yes' }, false],
    [{ token: 't1', appId: 'a', success: true }, false],
    ['t1', false],
    [null, false],
  ])('recognises a stored state: %j → %s', (value, expected) => {
    expect(isPushRegistrationState(value)).toBe(expected);
  });
});
