import type { User, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Session } from './session.ts';

function user(expiresInSeconds: number, name = 'u'): User {
  const expires_at = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return {
    access_token: `at-${name}`,
    refresh_token: `rt-${name}`,
    expires_at,
    get expired() {
      return expires_at <= Date.now() / 1000;
    },
    get expires_in() {
      return expires_at - Date.now() / 1000;
    },
    profile: { sub: 's' },
    state: undefined,
  } as unknown as User;
}

function fakeManager(stored: User | null) {
  let current = stored;
  const manager = {
    events: { addAccessTokenExpiring: vi.fn(), addAccessTokenExpired: vi.fn() },
    getUser: vi.fn(async () => current),
    signinSilent: vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      current = user(3600, 'renewed');
      return current;
    }),
    signinRedirect: vi.fn(async () => undefined),
    removeUser: vi.fn(async () => void (current = null)),
    signoutRedirect: vi.fn(async () => undefined),
    setStored: (next: User | null) => void (current = next),
  };
  return manager;
}

afterEach(() => localStorage.clear());

describe('Session', () => {
  it('restores a valid stored user without the provider', async () => {
    const manager = fakeManager(user(3600));
    const session = new Session(manager as unknown as UserManager);
    await session.start('/orders');
    expect(session.getState().status).toBe('signedIn');
    expect(session.accessToken()).toBe('at-u');
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it('renews an expired stored user with its refresh token, else starts the login with the return path and language', async () => {
    const expired = fakeManager(user(-10));
    const session = new Session(expired as unknown as UserManager);
    await session.start('/x');
    expect(expired.signinSilent).toHaveBeenCalledOnce();
    expect(session.accessToken()).toBe('at-renewed');

    const nobody = fakeManager(null);
    const fresh = new Session(nobody as unknown as UserManager, () => 'en');
    await fresh.start('/orders/seller?tab=2');
    expect(nobody.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/orders/seller?tab=2' }, ui_locales: 'en' });
  });

  it('renews once however many ask at the same time (refresh tokens rotate)', async () => {
    const manager = fakeManager(user(20));
    const session = new Session(manager as unknown as UserManager);
    await session.start('/');
    await Promise.all([session.renew(), session.renew(), session.renew()]);
    expect(manager.signinSilent).toHaveBeenCalledOnce();
  });

  it('takes the token another tab renewed instead of spending the refresh token again', async () => {
    const manager = fakeManager(user(20));
    const session = new Session(manager as unknown as UserManager);
    await session.start('/');
    manager.setStored(user(3600, 'other-tab'));
    await session.renew();
    expect(manager.signinSilent).not.toHaveBeenCalled();
    expect(session.accessToken()).toBe('at-other-tab');
  });

  it('a failed renewal means the session expired; dismissing forgets the user', async () => {
    const manager = fakeManager(user(20));
    manager.signinSilent.mockRejectedValueOnce(new Error('invalid_grant'));
    const session = new Session(manager as unknown as UserManager);
    await session.start('/');
    expect(await session.renew()).toBeNull();
    expect(session.getState().status).toBe('expired');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    await session.dismissExpired();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('logout clears the stored platform and seller, then ends the provider session', async () => {
    localStorage.setItem('currentPlatform', '{"id":1,"name":"P"}');
    localStorage.setItem('currentSeller', '2');
    localStorage.setItem('localization', '"en"');
    const manager = fakeManager(user(3600));
    const session = new Session(manager as unknown as UserManager);
    await session.start('/');
    await session.logout();
    expect(localStorage.getItem('currentPlatform')).toBeNull();
    expect(localStorage.getItem('currentSeller')).toBeNull();
    expect(localStorage.getItem('localization')).toBe('"en"');
    expect(manager.removeUser).toHaveBeenCalled();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: undefined });
  });

  it('an unreachable provider is an error state, not a loop', async () => {
    const manager = fakeManager(null);
    manager.signinRedirect.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const session = new Session(manager as unknown as UserManager);
    await session.start('/');
    expect(session.getState()).toMatchObject({ status: 'error' });
    expect(manager.signinRedirect).toHaveBeenCalledOnce();
  });
});
