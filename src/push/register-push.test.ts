import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage/local.ts';
import type { PushAdapter, PushSettings } from './adapter.ts';
import { forgetPushToken, registerPush, type RegisterTokenBody } from './register-push.ts';
import { pushTokenForFrames } from './token.ts';

let token: string | null = 'token-1';
const adapter: PushAdapter = { getToken: async () => token, onForegroundMessage: () => () => {} };
const user = { sub: 'u1', email: 'lan@example.test', phone_number: '0900000001' };
const posted: RegisterTokenBody[] = [];
let failing = false;
const post = async (body: RegisterTokenBody) => {
  posted.push(body);
  if (failing) throw new Error('503');
};
const stored = (key: keyof typeof STORAGE_KEYS) => JSON.parse(localStorage.getItem(STORAGE_KEYS[key]) ?? 'null') as unknown;

beforeEach(() => {
  token = 'token-1';
  failing = false;
  posted.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => localStorage.clear());

describe('registerPush', () => {
  it('registers the token with the body the notification service expects, and stores the state', async () => {
    expect(await registerPush({ adapter, post, user, appId: 'staff-portal' })).toBe('registered');
    expect(posted).toEqual([
      { app_id: 'staff-portal', user_id: 'u1', transport: 'fcm', token: 'token-1', email: 'lan@example.test', phone: '0900000001' },
    ]);
    expect(stored('pushRegistration')).toEqual({ token: 'token-1', appId: 'staff-portal', userId: 'u1', success: true });
    expect(stored('pushToken')).toBe('token-1');
    expect(stored('notificationAppId')).toBe('staff-portal');
  });

  it('does not register again when nothing changed', async () => {
    await registerPush({ adapter, post, user, appId: 'staff-portal' });
    expect(await registerPush({ adapter, post, user, appId: 'staff-portal' })).toBe('unchanged');
    expect(posted).toHaveLength(1);
  });

  it.each([
    ['the token', () => void (token = 'token-2'), { user, appId: 'staff-portal' }],
    ['the app id', () => {}, { user, appId: 'other-app' }],
    ['the user', () => {}, { user: { sub: 'u2' }, appId: 'staff-portal' }],
  ])('registers again when %s changed', async (_, change, next) => {
    await registerPush({ adapter, post, user, appId: 'staff-portal' });
    change();
    expect(await registerPush({ adapter, post, ...next })).toBe('registered');
    expect(posted).toHaveLength(2);
    expect(stored('pushRegistration')).toMatchObject({ success: true });
  });

  it('stores false after a failure and retries next time', async () => {
    failing = true;
    expect(await registerPush({ adapter, post, user, appId: 'staff-portal' })).toBe('failed');
    expect(stored('pushRegistration')).toEqual({ token: 'token-1', appId: 'staff-portal', userId: 'u1', success: false });
    failing = false;
    expect(await registerPush({ adapter, post, user, appId: 'staff-portal' })).toBe('registered');
    expect(stored('pushRegistration')).toMatchObject({ success: true });
  });

  it('sends empty email and phone when the user has none', async () => {
    await registerPush({ adapter, post, user: { sub: 'u3' }, appId: 'staff-portal' });
    expect(posted[0]).toMatchObject({ email: '', phone: '' });
  });

  it('does nothing without a token', async () => {
    token = null;
    expect(await registerPush({ adapter, post, user, appId: 'staff-portal' })).toBe('noToken');
    expect(posted).toEqual([]);
    expect(localStorage.length).toBe(0);
  });
});

describe('loadPushAdapter', () => {
  const settings: PushSettings = {
    notificationAppId: 'staff-portal',
    vapidKey: 'vapid',
    firebase: { apiKey: 'k', projectId: 'p', messagingSenderId: 's', appId: 'a' },
  };

  afterEach(() => {
    delete window.staffPortalPushAdapter;
    vi.resetModules();
  });

  it('is off without push settings, and says so once', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { loadPushAdapter } = await import('./load-adapter.ts');
    expect(await loadPushAdapter(undefined)).toBeNull();
    expect(await loadPushAdapter(undefined)).toBeNull();
    expect(info).toHaveBeenCalledOnce();
    expect(info.mock.calls[0]?.[0]).toMatch(/push notifications are off/);
  });

  it('uses the adapter injected for end-to-end tests', async () => {
    window.staffPortalPushAdapter = adapter;
    const { loadPushAdapter } = await import('./load-adapter.ts');
    expect(await loadPushAdapter(settings)).toBe(adapter);
  });

  it('loads Firebase only when configured, and gives no adapter where push is unsupported', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { loadPushAdapter } = await import('./load-adapter.ts');
    expect(await loadPushAdapter(settings)).toBeNull(); // happy-dom has no Push API
    expect(info).toHaveBeenCalledWith('[push] this browser cannot receive push messages');
  });
});

describe('pushTokenForFrames', () => {
  it('is the stored token when push is on, empty when off, before any token or when the stored one is invalid', async () => {
    expect(pushTokenForFrames(true)).toBe('');
    await registerPush({ adapter, post, user, appId: 'staff-portal' });
    expect(pushTokenForFrames(true)).toBe('token-1');
    expect(pushTokenForFrames(false)).toBe('');
    localStorage.setItem(STORAGE_KEYS.pushToken, JSON.stringify('two words'));
    expect(pushTokenForFrames(true)).toBe('');
    expect(localStorage.getItem(STORAGE_KEYS.pushToken)).toBeNull(); // discarded
  });
});

describe('forgetPushToken', () => {
  it('deletes the token at the push service and never rejects', async () => {
    const deleteToken = vi.fn(async () => undefined);
    await forgetPushToken({ ...adapter, deleteToken });
    expect(deleteToken).toHaveBeenCalledOnce();
    await expect(forgetPushToken({ ...adapter, deleteToken: async () => Promise.reject(new Error('offline')) })).resolves.toBeUndefined();
    await expect(forgetPushToken(adapter)).resolves.toBeUndefined();
  });
});
