import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushSettings } from './adapter.ts';
import { createFirebaseAdapter } from './firebase-adapter.ts';

const firebase = vi.hoisted(() => ({
  supported: true,
  getToken: vi.fn(async (_messaging: unknown, _options: unknown) => 'fcm-token'),
  initializeApp: vi.fn((options: unknown) => ({ options })),
  deleteToken: vi.fn(async (_messaging: unknown) => true),
}));
vi.mock('firebase/app', () => ({ getApps: () => [], initializeApp: firebase.initializeApp }));
vi.mock('firebase/messaging', () => ({
  isSupported: async () => firebase.supported,
  getMessaging: (app: unknown) => ({ app }),
  getToken: firebase.getToken,
  deleteToken: firebase.deleteToken,
}));

const settings: PushSettings = {
  notificationAppId: 'staff-portal',
  vapidKey: 'vapid-key',
  firebase: { apiKey: 'k', projectId: 'p', messagingSenderId: 's', appId: 'a' },
};
const registration = { scope: '/' };
let permission: NotificationPermission = 'granted';

beforeEach(() => {
  firebase.supported = true;
  permission = 'granted';
  vi.stubGlobal('Notification', { get permission() { return permission; } });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => registration), addEventListener: vi.fn(), removeEventListener: vi.fn() },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Firebase adapter', () => {
  it('asks Firebase for a token bound to the portal service worker, with the VAPID key', async () => {
    const adapter = await createFirebaseAdapter(settings);
    expect(firebase.initializeApp).toHaveBeenCalledWith(settings.firebase);
    expect(await adapter?.getToken()).toBe('fcm-token');
    expect(firebase.getToken.mock.calls[0]?.[1]).toEqual({ vapidKey: 'vapid-key', serviceWorkerRegistration: registration });
  });

  it('has no token without permission (it never prompts) or without a service worker', async () => {
    const adapter = await createFirebaseAdapter(settings);
    permission = 'default';
    expect(await adapter?.getToken()).toBeNull();
    permission = 'granted';
    vi.mocked(navigator.serviceWorker.getRegistration).mockResolvedValueOnce(undefined);
    expect(await adapter?.getToken()).toBeNull();
    expect(firebase.getToken).not.toHaveBeenCalled();
  });

  it('reports a Firebase failure as no token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    firebase.getToken.mockRejectedValueOnce(new Error('messaging/token-subscribe-failed'));
    const adapter = await createFirebaseAdapter(settings);
    expect(await adapter?.getToken()).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('deletes the token on logout, and does nothing where none could exist', async () => {
    const adapter = await createFirebaseAdapter(settings);
    await adapter?.deleteToken?.();
    expect(firebase.deleteToken).toHaveBeenCalledOnce();
    permission = 'denied';
    await adapter?.deleteToken?.();
    expect(firebase.deleteToken).toHaveBeenCalledOnce();
  });

  it('gives no adapter where the browser cannot receive push', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    firebase.supported = false;
    expect(await createFirebaseAdapter(settings)).toBeNull();
  });
});
