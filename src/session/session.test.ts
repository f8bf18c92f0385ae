import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beforeLogout, onLogout, Session, whileLeaving, type SessionDeps } from './session.ts';
import { LOGOUT_HOOK_TIMEOUT_MS, RENEW_AHEAD_S } from './sign-in-settings.ts';
import { logoutUnconfirmed, markLogoutUnconfirmed } from './unconfirmed-logout.ts';

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
    settings: { scope: 'openid profile offline_access staff-api', requestTimeoutInSeconds: 5, client_id: 'portal' },
    metadataService: { getUserInfoEndpoint: vi.fn(async () => 'https://id.test/me'), getEndSessionEndpoint: vi.fn(async () => 'https://id.test/session/end') },
    getUser: vi.fn(async () => current),
    storeUser: vi.fn(async (next: User) => void (current = next)),
    signinSilent: vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      current = user(3600, 'renewed');
      return current;
    }),
    signinRedirect: vi.fn(async () => undefined),
    signinPopup: vi.fn(async (_request?: object): Promise<User> => user(3600, 'popup')),
    signinCallback: vi.fn(async (): Promise<User | undefined> => user(3600, 'callback')),
    removeUser: vi.fn(async () => void (current = null)),
    signoutRedirect: vi.fn(async (_args?: object) => undefined),
    signoutRedirectCallback: vi.fn(async (_url?: string) => ({ userState: { returnTo: '/orders' } as unknown })),
    setStored: (next: User | null) => void (current = next),
    stored: () => current,
  };
  return manager;
}

/** A session's parts over the fake library; its stored user is read from the fake's store, as composition.ts reads localStorage. */
function depsOf(manager: ReturnType<typeof fakeManager>, language?: () => string, sharedDevice?: boolean, endProviderSession?: (url: string) => Promise<boolean>): SessionDeps {
  return {
    loadLibrary: async () => ({
      manager: manager as unknown as UserManager,
      isRefusal: (error) => error instanceof ErrorResponse,
      signInInPlace: (request, state) => manager.signinPopup({ ...request, state }),
    }),
    storedUser: () => manager.stored(),
    forgetUser: () => manager.setStored(null),
    language,
    sharedDevice,
    endProviderSession,
    // The provider answers whenever the browser is online (no network in unit tests).
    providerAnswers: async () => navigator.onLine,
  };
}

const sessionOver = (...parts: Parameters<typeof depsOf>): Session => new Session(depsOf(...parts));

afterEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/');
});

describe('Session', () => {
  it('restores a valid stored user without the provider', async () => {
    const manager = fakeManager(user(3600));
    const session = sessionOver(manager);
    await session.start('/orders');
    expect(session.getState().status).toBe('signedIn');
    expect(session.accessToken()).toBe('at-u');
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it('renews an expired stored user behind the start (calls wait for it), else starts the login with the return path and language', async () => {
    const expired = fakeManager(user(-10));
    const session = sessionOver(expired);
    await session.start('/x');
    // Signed in at once from storage: the shell may draw while the token renews.
    expect(session.getState().status).toBe('signedIn');
    expect(await session.validAccessToken()).toBe('at-renewed');
    expect(expired.signinSilent).toHaveBeenCalledOnce();

    const nobody = fakeManager(null);
    const fresh = sessionOver(nobody, () => 'en');
    await fresh.start('/orders/seller?tab=2');
    expect(nobody.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/orders/seller?tab=2' }, ui_locales: 'en' });
  });

  it('renews once however many ask at the same time (refresh tokens rotate)', async () => {
    const manager = fakeManager(user(120));
    const session = sessionOver(manager);
    await session.start('/');
    await Promise.all([session.renew(), session.renew(), session.renew()]);
    expect(manager.signinSilent).toHaveBeenCalledOnce();
  });

  it('takes the token another tab renewed instead of spending the refresh token again', async () => {
    const manager = fakeManager(user(600));
    const session = sessionOver(manager);
    await session.start('/');
    manager.setStored(user(3600, 'other-tab'));
    await session.renew();
    expect(manager.signinSilent).not.toHaveBeenCalled();
    expect(session.accessToken()).toBe('at-other-tab');
  });

  it('a failed renewal means the session expired; dismissing forgets the user', async () => {
    const manager = fakeManager(user(600));
    manager.signinSilent.mockRejectedValueOnce(new Error('invalid_grant'));
    const session = sessionOver(manager);
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

  it('dismissing the expired dialog forgets the stored user even when the sign-in library cannot load', async () => {
    const forgetUser = vi.fn();
    const session = new Session({ loadLibrary: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), storedUser: () => null, forgetUser });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    await session.dismissExpired();
    expect(forgetUser).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('logout removes every personal stored value, keeps the device settings, then ends the provider session', async () => {
    const personal = {
      currentPlatform: '{"id":1,"name":"P"}',
      currentSeller: '2',
      currentSite: '102',
      pushToken: '"fcm-token"',
      notificationAppId: '"staff-portal"',
      pushRegistrationState: '{"token":"fcm-token","appId":"staff-portal","userId":"staff-0003","success":true}',
    };
    const device = { localization: '"en"', sidebarCollapsed: 'true', isOnlineMode: 'true' };
    for (const [key, value] of Object.entries({ ...personal, ...device })) localStorage.setItem(key, value);
    const manager = fakeManager(user(3600));
    const session = sessionOver(manager);
    await session.start('/');
    await session.logout();
    for (const key of Object.keys(personal)) expect(localStorage.getItem(key), key).toBeNull();
    for (const [key, value] of Object.entries(device)) expect(localStorage.getItem(key), key).toBe(value);
    expect(manager.removeUser).toHaveBeenCalled();
    // Back home from the provider with a state of its own: that return confirms the logout.
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: undefined, state: { returnTo: '/' } });
    expect(logoutUnconfirmed()).toBe(true);
  });

  it('logout offline ends the local session and the page stays, signed out: never the provider’s page, which cannot load', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const manager = fakeManager(user(3600));
      const session = sessionOver(manager);
      await session.start('/');
      await session.logout();
      expect(manager.removeUser).toHaveBeenCalled();
      expect(session.getState()).toEqual({ status: 'signedOut' });
      expect(manager.signoutRedirect).not.toHaveBeenCalled();
      expect(logoutUnconfirmed()).toBe(true);
      // Reopened, still offline: the same page, no sign-in that could only fail.
      const again = sessionOver(manager);
      await again.start('/');
      expect(again.getState()).toEqual({ status: 'signedOut' });
      expect(manager.signinRedirect).not.toHaveBeenCalled();
    } finally {
      online.mockRestore();
    }
  });

  it('a logout while the provider does not answer (an API 401 whose renewal could not reach it): the page stays, with a retry, never the provider’s page', async () => {
    const manager = fakeManager(user(3600));
    const session = new Session({ ...depsOf(manager), providerAnswers: async () => false });
    await session.start('/');
    await session.logout();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(session.getState()).toMatchObject({ status: 'error' });
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    expect(logoutUnconfirmed()).toBe(true);
  });

  it('a logout the provider has not confirmed: the next sign-in ends its session there first, and shows its form until it has', async () => {
    markLogoutUnconfirmed();
    const manager = fakeManager(null);
    // The provider does not answer though the browser is online: a retry, not the browser's error page.
    const down = new Session({ ...depsOf(manager), providerAnswers: async () => false });
    await down.login('/orders');
    expect(down.getState()).toMatchObject({ status: 'error' });
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    expect(manager.signinRedirect).not.toHaveBeenCalled();

    const session = sessionOver(manager, () => 'en');
    await session.login('/orders');
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: undefined, state: { returnTo: '/orders' } });
    expect(manager.signinRedirect).not.toHaveBeenCalled();

    // A provider with no end-session endpoint: nothing to end from here, and its form is asked for.
    manager.metadataService.getEndSessionEndpoint.mockResolvedValueOnce(undefined as unknown as string);
    await sessionOver(manager, () => 'en').login('/orders');
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/orders' }, ui_locales: 'en', prompt: 'login' });
  });

  it('the provider’s return from its end-session endpoint confirms the logout, and sign-in goes on to where it was going', async () => {
    markLogoutUnconfirmed();
    history.replaceState(null, '', '/?state=abc');
    const manager = fakeManager(null);
    const session = sessionOver(manager, () => 'en');
    await session.start('/?state=abc');
    expect(manager.signoutRedirectCallback).toHaveBeenCalledWith(`${location.origin}/?state=abc`);
    expect(location.pathname + location.search).toBe('/');
    expect(logoutUnconfirmed()).toBe(false);
    // Confirmed: the provider's session has ended, so its form shows without being asked for.
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/orders' }, ui_locales: 'en' });
  });

  it('a return that is not this device’s logout confirms nothing', async () => {
    markLogoutUnconfirmed();
    history.replaceState(null, '', '/?state=forged');
    const manager = fakeManager(null);
    manager.signoutRedirectCallback.mockRejectedValueOnce(new Error('No matching state found in storage'));
    await sessionOver(manager).start('/');
    expect(logoutUnconfirmed()).toBe(true);
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: undefined, state: { returnTo: '/' } });
  });

  it('a sign-in through the provider’s form confirms any logout left', async () => {
    markLogoutUnconfirmed();
    expect(await sessionOver(fakeManager(null)).completeLogin(`${location.origin}/callback?code=c&state=s`)).toBe('/');
    expect(logoutUnconfirmed()).toBe(false);
  });

  it('a token expiring within the renew-ahead window is renewed behind the start, not before it', async () => {
    const manager = fakeManager(user(RENEW_AHEAD_S - 10));
    const session = sessionOver(manager);
    await session.start('/');
    expect(session.accessToken()).toBe('at-u');
    expect(await session.validAccessToken()).toBe('at-renewed');
    expect(manager.signinSilent).toHaveBeenCalledOnce();
  });

  it('a renewal the provider refuses at start signs in again, without the expired dialog', async () => {
    const manager = fakeManager(user(-10));
    manager.signinSilent.mockRejectedValueOnce(new ErrorResponse({ error: 'invalid_grant', error_description: 'grant request is invalid' }));
    const session = sessionOver(manager);
    await session.start('/orders');
    expect(await session.validAccessToken()).toBeNull();
    await vi.waitFor(() => expect(manager.signinRedirect).toHaveBeenCalledWith(expect.objectContaining({ state: { returnTo: '/orders' } })));
    expect(session.getState().status).toBe('redirecting');
  });

  it('a token valid for longer is left alone at start: no renewal, no refresh token spent', async () => {
    const manager = fakeManager(user(RENEW_AHEAD_S + 60));
    const session = sessionOver(manager);
    await session.start('/');
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it("the current claims of a valid token come from userinfo, are stored for the next start, and spend no refresh token", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ sub: 's', permissions: ['now'] }), { status: 200 }));
    const manager = fakeManager({ ...user(3600), profile: { sub: 's', iss: 'https://id.test', permissions: ['before', 'removed'] } } as unknown as User);
    const session = sessionOver(manager);
    await session.start('/');
    const refreshed = await session.refreshUser('/');
    expect(refreshed?.profile).toEqual({ sub: 's', iss: 'https://id.test', permissions: ['now'] });
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>).authorization).toBe('Bearer at-u');
    expect(manager.storeUser).toHaveBeenCalledWith(refreshed);
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('unchanged claims keep the same user: nothing is stored, and nobody subscribed hears of it', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ permissions: ['now'], sub: 's' }), { status: 200 }));
    const manager = fakeManager({ ...user(3600), profile: { sub: 's', iss: 'https://id.test', permissions: ['now'] } } as unknown as User);
    const session = sessionOver(manager);
    await session.start('/');
    const shown = session.getState();
    const listener = vi.fn();
    session.subscribe(listener);
    const refreshed = await session.refreshUser('/');
    expect(session.getState()).toBe(shown);
    expect(refreshed).toBe(shown.status === 'signedIn' ? shown.user : undefined);
    expect(listener).not.toHaveBeenCalled();
    expect(manager.storeUser).not.toHaveBeenCalled();
  });

  it.each([
    ['refuses the token', new Response('{}', { status: 401 }), true],
    ['answers another subject', new Response(JSON.stringify({ sub: 'someone-else' }), { status: 200 }), true],
    ['cannot be reached', new TypeError('Failed to fetch'), false],
    ['answers garbage', new Response('<html>', { status: 200 }), false],
  ])('when userinfo %s, the token is renewed for the claims: %s', async (_name, answer, renews) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const manager = fakeManager(user(3600));
    const session = sessionOver(manager);
    await session.start('/');
    const refreshed = await session.refreshUser('/');
    expect(manager.signinSilent).toHaveBeenCalledTimes(renews ? 1 : 0);
    expect(refreshed?.access_token).toBe(renews ? 'at-renewed' : 'at-u');
  });

  it('a token near its end is renewed for the current claims; an unreachable provider keeps it, a refusal signs in again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const manager = fakeManager(user(3600));
    const session = sessionOver(manager);
    await session.start('/');
    vi.setSystemTime(Date.now() + (3600 - RENEW_AHEAD_S + 30) * 1000);
    manager.signinSilent.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await session.refreshUser('/')).toMatchObject({ access_token: 'at-u' });
    expect(session.getState().status).toBe('signedIn');

    manager.signinSilent.mockRejectedValueOnce(new ErrorResponse({ error: 'invalid_grant' }));
    expect(await session.refreshUser('/here')).toBeNull();
    expect(manager.signinRedirect).toHaveBeenCalledWith(expect.objectContaining({ state: { returnTo: '/here' } }));
    vi.useRealTimers();
  });

  it('a refusal of a refresh token that is no longer the stored one (an earlier page renewed) retries with the stored one', async () => {
    const manager = fakeManager(user(600));
    const session = sessionOver(manager);
    await session.start('/');
    manager.signinSilent.mockImplementationOnce(async () => {
      // The provider rotated the token for another page meanwhile, and refuses the one this page sent.
      manager.setStored({ ...user(-5, 'rotated') } as unknown as User);
      throw new ErrorResponse({ error: 'invalid_grant' });
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const renewed = await session.renew();
    expect(manager.signinSilent).toHaveBeenCalledTimes(2);
    expect(renewed?.access_token).toBe('at-renewed');
    expect(session.getState().status).toBe('signedIn');
  });

  it('an API 401 renews the token once: true only when a new token came', async () => {
    const manager = fakeManager(user(600));
    const session = sessionOver(manager);
    await session.start('/');
    expect(await session.renewAfterUnauthorized()).toBe(true);
    manager.signinSilent.mockRejectedValueOnce(new ErrorResponse({ error: 'invalid_grant' }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await session.renewAfterUnauthorized()).toBe(false);
  });

  it('no readable stored user (an unreadable entry is discarded where it is read) signs in again', async () => {
    const manager = fakeManager(null);
    const session = sessionOver(manager);
    await session.start('/x');
    expect(manager.signinRedirect).toHaveBeenCalledWith(expect.objectContaining({ state: { returnTo: '/x' } }));
  });

  it('a start with a valid stored token does not load the sign-in library; prepare() loads it behind the first screen', async () => {
    const manager = fakeManager(user(3600));
    const loadLibrary = vi.fn(async () => ({ manager: manager as unknown as UserManager, isRefusal: () => false, signInInPlace: vi.fn() }));
    const session = new Session({ loadLibrary, storedUser: () => manager.stored(), forgetUser: () => undefined });
    await session.start('/');
    expect(session.getState().status).toBe('signedIn');
    expect(loadLibrary).not.toHaveBeenCalled();
    session.prepare();
    await vi.waitFor(() => expect(manager.events.addAccessTokenExpiring).toHaveBeenCalledOnce());
    expect(loadLibrary).toHaveBeenCalledOnce();
  });

  it('a logout while the token renews waits for it, then removes the renewed user too', async () => {
    const manager = fakeManager(user(30));
    const session = sessionOver(manager);
    await session.start('/');
    await session.logout();
    expect(manager.signinSilent).toHaveBeenCalledOnce();
    expect(await manager.getUser()).toBeNull();
    expect(session.getState().status).toBe('redirecting');
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: undefined, state: { returnTo: '/' } });
  });

  it('logout runs the hooks, and one that never settles does not hold it up', async () => {
    vi.useFakeTimers();
    const cleared = vi.fn();
    const offHang = onLogout(() => new Promise<void>(() => undefined));
    const offClear = onLogout(cleared);
    const offThrow = onLogout(() => {
      throw new Error('push service down');
    });
    const manager = fakeManager(user(3600));
    const session = sessionOver(manager);
    const done = session.logout();
    await vi.advanceTimersByTimeAsync(LOGOUT_HOOK_TIMEOUT_MS);
    await done;
    expect(cleared).toHaveBeenCalledOnce();
    expect(manager.signoutRedirect).toHaveBeenCalled();
    [offHang, offClear, offThrow].forEach((off) => off());
    vi.useRealTimers();
  });

  it('runs the steps before logout while the user is still signed in; a step may keep them signed in', async () => {
    const manager = fakeManager(user(3600));
    const session = sessionOver(manager);
    await session.start('/');
    const seen: string[] = [];
    let answer: 'continue' | 'stay' = 'stay';
    const offFirst = beforeLogout(async () => {
      seen.push(`first, token ${session.accessToken()}`);
      return answer;
    });
    const offSecond = beforeLogout(async () => {
      seen.push('second');
      throw new Error('a step that breaks does not trap the user');
    });
    const cleared = vi.fn();
    const offHook = onLogout(cleared);

    expect(await session.logout()).toBe(false);
    expect(seen).toEqual(['first, token at-u']);
    expect(session.getState().status).toBe('signedIn');
    expect(cleared).not.toHaveBeenCalled();
    expect(manager.removeUser).not.toHaveBeenCalled();

    answer = 'continue';
    const [once, twice] = [session.logout(), session.logout()];
    expect(await once).toBe(true);
    expect(await twice).toBe(true);
    expect(seen).toEqual(['first, token at-u', 'first, token at-u', 'second']);
    expect(cleared).toHaveBeenCalledOnce();
    expect(manager.signoutRedirect).toHaveBeenCalledOnce();
    [offFirst, offSecond, offHook].forEach((off) => off());
  });

  it('an unreachable provider is an error state, not a loop', async () => {
    const manager = fakeManager(null);
    manager.signinRedirect.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const session = sessionOver(manager);
    await session.start('/');
    expect(session.getState()).toMatchObject({ status: 'error' });
    expect(manager.signinRedirect).toHaveBeenCalledOnce();
  });
});

describe('Session on a shared device', () => {
  const shared = (manager: ReturnType<typeof fakeManager>, endProvider = vi.fn(async (_url: string) => true)) => sessionOver(manager, () => 'en', true, endProvider);
  const withSub = (sub: string, name: string) => ({ ...user(3600, name), profile: { sub } }) as unknown as User;

  it('a start without a user waits for the next person; their sign-in always shows the provider’s form', async () => {
    const manager = fakeManager(null);
    const session = shared(manager);
    await session.start('/orders');
    expect(session.getState()).toEqual({ status: 'signedOut' });
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    await session.login('/');
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' }, ui_locales: 'en', prompt: 'login' });
  });

  it('a badge’s sign-in names its person to the provider’s form (login_hint)', async () => {
    const manager = fakeManager(null);
    const session = shared(manager);
    await session.start('/');
    await session.login('/', 'picker2');
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' }, ui_locales: 'en', prompt: 'login', login_hint: 'picker2' });
  });

  it('a personal device signs in at once, without forcing the form', async () => {
    const manager = fakeManager(null);
    await sessionOver(manager, () => 'en').start('/');
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' }, ui_locales: 'en' });
  });

  it('signing in again to unlock: a popup with the form and the person’s name; the same person gets the new tokens', async () => {
    const manager = fakeManager(withSub('staff-0003', 'before'));
    manager.signinPopup.mockResolvedValueOnce(withSub('staff-0003', 'again'));
    const session = shared(manager);
    await session.start('/');
    expect(await session.signInAgain('picker', '/x')).toBe('same');
    expect(manager.signinPopup).toHaveBeenCalledWith({ ui_locales: 'en', prompt: 'login', login_hint: 'picker', state: { returnTo: '/x' } });
    expect(session.accessToken()).toBe('at-again');
  });

  it('someone else signing in at the lock is told apart (the shift then ends); a closed popup rejects', async () => {
    const manager = fakeManager(withSub('staff-0003', 'before'));
    manager.signinPopup.mockResolvedValueOnce(withSub('staff-0013', 'other'));
    const session = shared(manager);
    await session.start('/');
    expect(await session.signInAgain('picker', '/x')).toBe('other');
    expect(session.accessToken()).toBe('at-before');
    manager.signinPopup.mockRejectedValueOnce(new Error('Popup closed by user'));
    await expect(session.signInAgain('picker', '/x')).rejects.toThrow('Popup closed by user');
  });

  it('a completed redirect says this page signed in; a popup’s callback hands the user to its opener', async () => {
    const popup = fakeManager(null);
    const inPopup = shared(popup);
    expect(inPopup.signedInThisPage()).toBe(false);
    popup.signinCallback.mockResolvedValueOnce(undefined);
    expect(await inPopup.completeLogin('http://portal.test/callback?code=c&state=s')).toBeNull();
    expect(inPopup.signedInThisPage()).toBe(false);
    const session = shared(fakeManager(null));
    expect(await session.completeLogin('http://portal.test/callback?code=c&state=s')).toBe('/');
    expect(session.signedInThisPage()).toBe(true);
    expect(session.getState().status).toBe('signedIn');
  });

  it('the code the provider sent back is spent once, however many ask for the sign-in to complete', async () => {
    const manager = fakeManager(null);
    const session = shared(manager);
    const atStart = session.completeLogin('http://portal.test/callback?code=c&state=s');
    const byPage = session.completeLogin('http://portal.test/callback?code=c&state=s');
    expect(await Promise.all([atStart, byPage])).toEqual(['/', '/']);
    expect(await session.completeLogin('http://portal.test/callback?code=c&state=s')).toBe('/');
    expect(manager.signinCallback).toHaveBeenCalledOnce();
  });

  it('another tab ended the shift: this one forgets its user, and a renewal finishing later does not bring it back', async () => {
    const manager = fakeManager(user(30));
    const session = shared(manager);
    await session.start('/');
    const renewal = session.renew();
    session.endedElsewhere();
    await renewal;
    expect(session.getState()).toEqual({ status: 'signedOut' });
    expect(session.accessToken()).toBeNull();
  });

  it('End shift’s part runs inside logout while the person is still signed in, before anything of them is removed', async () => {
    localStorage.setItem('currentSite', '102');
    const manager = fakeManager(user(3600));
    const session = shared(manager);
    await session.start('/');
    const seen: string[] = [];
    const offHook = onLogout(() => void seen.push('hook'));
    const offPart = whileLeaving(async () => {
      seen.push(`device part: ${session.getState().status}, site ${localStorage.getItem('currentSite')}, user removed: ${manager.removeUser.mock.calls.length > 0}`);
    });
    await session.logout();
    offHook();
    offPart();
    expect(seen).toEqual(['device part: signedIn, site 102, user removed: false', 'hook']);
    expect(manager.removeUser).toHaveBeenCalled();
  });

  it('End shift’s part runs after the steps before logout, and not at all when a step keeps the person signed in', async () => {
    const manager = fakeManager(user(3600));
    const session = shared(manager);
    await session.start('/');
    const seen: string[] = [];
    let answer: 'continue' | 'stay' = 'stay';
    const off = beforeLogout(async () => {
      seen.push('step');
      return answer;
    });
    const offPart = whileLeaving(async () => void seen.push('device part'));
    expect(await session.logout()).toBe(false);
    expect(seen).toEqual(['step']);
    answer = 'continue';
    expect(await session.logout()).toBe(true);
    expect(seen).toEqual(['step', 'step', 'device part']);
    off();
    offPart();
  });

  it('the session-expired dialog logs out instead of starting over, with the device’s part', async () => {
    const manager = fakeManager(user(3600));
    const endProvider = vi.fn(async (_url: string) => true);
    const session = shared(manager, endProvider);
    const devicePart = vi.fn(async () => undefined);
    const offPart = whileLeaving(devicePart);
    await session.start('/');
    await session.dismissExpired();
    offPart();
    expect(devicePart).toHaveBeenCalledOnce();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(endProvider).toHaveBeenCalledOnce();
  });

  it('a part of logout that fails does not stop it, and one taken back no longer runs', async () => {
    const manager = fakeManager(user(3600));
    const session = shared(manager);
    const kept = vi.fn(async () => undefined);
    const offFailing = whileLeaving(async () => Promise.reject(new Error('frames gone')));
    const offKept = whileLeaving(kept);
    const takenBack = vi.fn(async () => undefined);
    whileLeaving(takenBack)();
    await session.start('/');
    expect(await session.logout()).toBe(true);
    offFailing();
    offKept();
    expect(kept).toHaveBeenCalledOnce();
    expect(takenBack).not.toHaveBeenCalled();
    expect(manager.removeUser).toHaveBeenCalled();
  });

  it('logout ends the provider’s session behind the page: the next person’s sign-in shows at once, and their sign-in waits for the provider', async () => {
    const manager = fakeManager({ ...user(3600), id_token: 'id-1' } as unknown as User);
    let ended: (value: boolean) => void = () => undefined;
    const endProvider = vi.fn((_url: string) => new Promise<boolean>((resolve) => (ended = resolve)));
    const session = shared(manager, endProvider);
    await session.start('/');
    expect(await session.logout()).toBe(true);
    expect(session.getState()).toEqual({ status: 'signedOut' });
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    const url = new URL(endProvider.mock.calls[0]?.[0] ?? '');
    expect(url.origin + url.pathname).toBe('https://id.test/session/end');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id_token_hint: 'id-1', client_id: 'portal', post_logout_redirect_uri: `${location.origin}/signed-out.html`, ui_locales: 'en' });
    const signingIn = session.login('/');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    ended(true);
    await signingIn;
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' }, ui_locales: 'en', prompt: 'login' });
  });

  /** A shared device's session signed in with ID token id-1, its provider's logout a fake that ends at once. */
  async function startedWithProvider() {
    const manager = fakeManager({ ...user(3600), id_token: 'id-1' } as unknown as User);
    const endProvider = vi.fn(async (_url: string) => true);
    const session = shared(manager, endProvider);
    await session.start('/');
    return { manager, endProvider, session };
  }

  it('the provider’s session starts ending behind the page while the local clean-up still runs', async () => {
    const { manager, endProvider, session } = await startedWithProvider();
    let cleared: () => void = () => undefined;
    const offHook = onLogout(() => new Promise<void>((resolve) => (cleared = resolve)));
    const leaving = session.logout();
    await vi.waitFor(() => expect(endProvider).toHaveBeenCalledOnce());
    expect(manager.removeUser).not.toHaveBeenCalled();
    cleared();
    await leaving;
    offHook();
    expect(session.getState()).toEqual({ status: 'signedOut' });
  });

  it('the next person’s sign-in shows while the person’s things are still being removed; their Sign in waits for the removal', async () => {
    const { manager, session } = await startedWithProvider();
    let cleared: () => void = () => undefined;
    const offHook = onLogout(() => new Promise<void>((resolve) => (cleared = resolve)));
    const leaving = session.logout();
    await vi.waitFor(() => expect(session.getState()).toEqual({ status: 'signedOut' }));
    expect(manager.removeUser).not.toHaveBeenCalled();
    const signingIn = session.login('/');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    cleared();
    await Promise.all([leaving, signingIn]);
    offHook();
    expect(manager.removeUser.mock.invocationCallOrder[0]).toBeLessThan(manager.signinRedirect.mock.invocationCallOrder[0] ?? 0);
  });

  it('the provider’s session starts ending as soon as no step keeps the person, while the leaving parts still run', async () => {
    const { endProvider, session } = await startedWithProvider();
    let framesCleared: () => void = () => undefined;
    const offPart = whileLeaving(() => new Promise<void>((resolve) => (framesCleared = resolve)));
    const leaving = session.logout();
    await vi.waitFor(() => expect(endProvider).toHaveBeenCalledOnce());
    expect(new URL(endProvider.mock.calls[0]?.[0] ?? '').searchParams.get('id_token_hint')).toBe('id-1');
    framesCleared();
    await leaving;
    offPart();
  });

  it('the provider’s frame is in the page before the leaving parts start, so their work does not hold its request back', async () => {
    const { endProvider, session } = await startedWithProvider();
    const order: string[] = [];
    endProvider.mockImplementation(async () => (order.push('provider'), true));
    const offPart = whileLeaving(async () => void order.push('part'));
    await session.logout();
    offPart();
    expect(order).toEqual(['provider', 'part']);
  });

  it('a provider that does not end its session in the frame gets the whole page, and the sign-in asked meanwhile does not leave after it', async () => {
    const manager = fakeManager({ ...user(3600), id_token: 'id-1' } as unknown as User);
    const session = shared(manager, vi.fn(async () => false));
    await session.start('/');
    await session.logout();
    await session.login('/');
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-1', state: { returnTo: '/' } });
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it('End shift offline: the next person’s page at once; the provider’s session ends in the frame once it answers, and only then is the logout confirmed', async () => {
    const manager = fakeManager({ ...user(3600), id_token: 'id-1' } as unknown as User);
    const endProvider = vi.fn(async (_url: string) => true);
    const session = shared(manager, endProvider);
    await session.start('/');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await session.logout();
      expect(session.getState()).toEqual({ status: 'signedOut' });
      session.endUnconfirmedLogout();
      await session.login('/');
      // Offline: no frame, no page of the provider's; signing in waits for a connection.
      expect(endProvider).not.toHaveBeenCalled();
      expect(manager.signinRedirect).not.toHaveBeenCalled();
      expect(session.getState()).toEqual({ status: 'signedOut' });
      expect(logoutUnconfirmed()).toBe(true);
    } finally {
      online.mockRestore();
    }
    session.endUnconfirmedLogout();
    await vi.waitFor(() => expect(logoutUnconfirmed()).toBe(false));
    // Without the ID token (nothing of the person is kept): the provider knows the portal by its client id.
    expect(Object.fromEntries(new URL(endProvider.mock.calls[0]?.[0] ?? '').searchParams)).toEqual({ client_id: 'portal', post_logout_redirect_uri: `${location.origin}/signed-out.html`, ui_locales: 'en' });
    await session.login('/');
    expect(endProvider).toHaveBeenCalledOnce();
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' }, ui_locales: 'en', prompt: 'login' });
  });
});
