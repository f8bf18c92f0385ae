import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Runtime } from '../config/runtime.ts';
import { Session } from '../session/session.ts';
import { beginEarlyRead, takeEarlyRead } from '../offline/early-read.ts';
import { composePage, composeSession } from './composition.ts';

const runtime = { config: { oidc: { authority: 'https://id.test', clientId: 'portal', scope: 'openid' } }, sharedDevice: null } as unknown as Runtime;

describe('composeSession', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.pushState(null, '', '/');
  });

  it('back from the provider, starts exchanging the code at once, before any page is drawn', () => {
    const completeLogin = vi.spyOn(Session.prototype, 'completeLogin').mockResolvedValue('/');
    window.history.pushState(null, '', '/callback?code=abc&state=xyz');
    composeSession(runtime, 'online');
    expect(completeLogin).toHaveBeenCalledOnce();
  });

  it('back from the provider, a device left in offline mode starts online after the sign-in; one with no mode chosen keeps none', async () => {
    window.history.pushState(null, '', '/callback?code=abc&state=xyz');
    vi.spyOn(Session.prototype, 'completeLogin').mockResolvedValue('/');
    localStorage.setItem('isOnlineMode', 'false');
    composeSession(runtime, 'online');
    await vi.waitFor(() => expect(localStorage.getItem('isOnlineMode')).toBe('true'));
    localStorage.removeItem('isOnlineMode');
    composeSession(runtime, 'online');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(localStorage.getItem('isOnlineMode')).toBeNull();
  });

  it('back from the provider, leaves the stored session alone: the exchange decides', () => {
    vi.spyOn(Session.prototype, 'completeLogin').mockResolvedValue('/');
    const start = vi.spyOn(Session.prototype, 'start').mockResolvedValue();
    window.history.pushState(null, '', '/callback?code=abc&state=xyz');
    composeSession(runtime, 'online');
    expect(start).not.toHaveBeenCalled();
  });

  it('anywhere else online, exchanges nothing and starts the stored session at once, for the address opened', () => {
    const completeLogin = vi.spyOn(Session.prototype, 'completeLogin').mockResolvedValue('/');
    const start = vi.spyOn(Session.prototype, 'start').mockResolvedValue();
    window.history.pushState(null, '', '/cashier/orders?tab=2#top');
    composeSession(runtime, 'online');
    expect(completeLogin).not.toHaveBeenCalled();
    expect(start).toHaveBeenCalledExactlyOnceWith('/cashier/orders?tab=2#top');
  });

  it('offline, asks no session while one is stored: the shell draws from the snapshot', () => {
    const start = vi.spyOn(Session.prototype, 'start').mockResolvedValue();
    vi.spyOn(Session.prototype, 'hasStoredUser').mockReturnValue(true);
    window.history.pushState(null, '', '/cashier/orders');
    composeSession(runtime, 'offline');
    expect(start).not.toHaveBeenCalled();
  });

  it('offline with nobody signed in (a logout offline), starts the session: it says signing in needs a connection', () => {
    const start = vi.spyOn(Session.prototype, 'start').mockResolvedValue();
    window.history.pushState(null, '', '/');
    composeSession(runtime, 'offline');
    expect(start).toHaveBeenCalledExactlyOnceWith('/');
  });
});

describe('composePage', () => {
  it('takes up the read of the start snapshot that the boot step began, and hands out its record once settled, once', async () => {
    beginEarlyRead('snapshot');
    const page = composePage();
    expect(takeEarlyRead('snapshot')).toBeNull();
    expect(page.takeEarlySnapshot()).toBeNull();
    await page.snapshotRead;
    expect(page.takeEarlySnapshot()).toEqual({ record: undefined });
    // Once: a retry reads anew.
    expect(page.takeEarlySnapshot()).toBeNull();
  });
});
