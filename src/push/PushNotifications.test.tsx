import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n, press, resetOverlays, shown } from '../offline/test-support.ts';
import type { PushAdapter, PushSettings } from './adapter.ts';
import type { PushMessage } from './message.ts';
import { PushNotifications } from './PushNotifications.tsx';
import type { RegisterTokenBody } from './register-push.ts';
import type { UserManager } from 'oidc-client-ts';
import { Session } from '../session/session.ts';

vi.mock('../ui/overlays.ts', () => import('../offline/test-support.ts'));

const settings: PushSettings = {
  notificationAppId: 'staff-portal',
  vapidKey: 'vapid',
  firebase: { apiKey: 'k', projectId: 'p', messagingSenderId: 's', appId: 'a' },
};
const user = { sub: 'u1', email: 'lan@example.test' };

let permission: NotificationPermission = 'default';
let deliver: (message: PushMessage) => void = () => {};
const adapter: PushAdapter = {
  getToken: async () => (permission === 'granted' ? 'token-1' : null),
  onForegroundMessage: (listener) => {
    deliver = listener;
    return () => (deliver = () => {});
  },
};
const requestPermission = vi.fn(async () => (permission = 'granted'));

beforeAll(initTestI18n);
beforeEach(() => {
  permission = 'default';
  resetOverlays();
  window.staffPortalPushAdapter = adapter;
  vi.stubGlobal('Notification', { get permission() { return permission; }, requestPermission });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.staffPortalPushAdapter;
  localStorage.clear();
});

async function mount(askPermission: boolean, post = vi.fn(async (_body: RegisterTokenBody) => {}), navigate = vi.fn()) {
  const props = { settings, user, post, navigate };
  const view = await act(async () => render(<PushNotifications {...props} askPermission={askPermission} />));
  const rerender = (ask: boolean) => act(async () => view.rerender(<PushNotifications {...props} askPermission={ask} />));
  return { post, navigate, rerender };
}

describe('<PushNotifications>', () => {
  it('registers at once when permission was granted before', async () => {
    permission = 'granted';
    const { post } = await mount(false);
    expect(post).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ app_id: 'staff-portal', user_id: 'u1', token: 'token-1' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('registers again when the user changes, not when the same data comes in new objects', async () => {
    permission = 'granted';
    const getToken = vi.spyOn(adapter, 'getToken');
    const post = vi.fn(async (_body: RegisterTokenBody) => {});
    const view = await act(async () => render(<PushNotifications settings={settings} user={user} post={post} askPermission={false} navigate={vi.fn()} />));
    const again = (nextUser: typeof user) =>
      act(async () => view.rerender(<PushNotifications settings={settings} user={{ ...nextUser }} post={async (body) => post(body)} askPermission={false} navigate={vi.fn()} />));
    await again(user);
    expect(getToken).toHaveBeenCalledOnce();
    expect(post).toHaveBeenCalledOnce();
    await again({ sub: 'u2', email: 'minh@example.test' });
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1]?.[0]).toMatchObject({ user_id: 'u2', email: 'minh@example.test' });
  });

  it('on a route with browserPermissions explains, then lets the browser ask; a grant registers', async () => {
    const { post, rerender } = await mount(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    await rerender(true);
    const dialog = screen.getByRole('dialog', { name: 'Allow notifications' });
    expect(dialog.textContent).toContain('even when the portal is closed');
    await act(async () => screen.getByRole('button', { name: 'Allow notifications' }).click());
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(post).toHaveBeenCalledOnce();
  });

  it("'Not now' does not ask again during this page load", async () => {
    const { rerender } = await mount(true);
    await act(async () => screen.getByRole('button', { name: 'Not now' }).click());
    await rerender(false);
    await rerender(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('does not ask when push is off or the user already decided', async () => {
    permission = 'denied';
    await mount(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    permission = 'default';
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await act(async () => render(<PushNotifications settings={undefined} user={user} post={vi.fn()} askPermission navigate={vi.fn()} />));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('logout deletes the device token at the push service, once, and only while mounted', async () => {
    permission = 'granted';
    const deleteToken = vi.fn(async () => undefined);
    window.staffPortalPushAdapter = { ...adapter, deleteToken };
    const manager = {
      events: { addAccessTokenExpiring: vi.fn(), addAccessTokenExpired: vi.fn() },
      getUser: async () => null,
      removeUser: async () => undefined,
      signoutRedirect: async () => undefined,
    };
    const session = new Session({ loadLibrary: async () => ({ manager: manager as unknown as UserManager, isRefusal: () => false, signInInPlace: vi.fn() }), storedUser: () => null, forgetUser: () => undefined });
    await mount(false);
    await session.logout();
    expect(deleteToken).toHaveBeenCalledOnce();
    cleanup();
    await session.logout();
    expect(deleteToken).toHaveBeenCalledOnce();
  });

  it('shows a message arriving while the portal is in view as a toast that opens its route', async () => {
    permission = 'granted';
    const { navigate } = await mount(false);
    await act(async () => deliver({ title: 'New order', body: 'Order 7', route: '/dpos/orders' }));
    expect(shown.toasts[0]).toMatchObject({ header: 'New order', message: 'Order 7' });
    await press('Open', 'toasts');
    expect(navigate).toHaveBeenCalledWith('/dpos/orders');
  });
});
