import type { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { createSignInLibrary } from './user-manager.ts';

const oidc = { authority: 'http://id.test', clientId: 'staff-portal', scope: 'openid', domain: 'test' };
const request = { ui_locales: 'en', prompt: 'login', login_hint: 'picker' };

describe('signing in again in place (a shared device’s lock)', () => {
  it('signs in in a popup that closes the sign-in when the person closes it', async () => {
    const library = createSignInLibrary(oidc);
    const user = { profile: { sub: 'staff-0003' } } as User;
    const popup = vi.spyOn(library.manager, 'signinPopup').mockResolvedValue(user);
    expect(await library.signInInPlace(request, { returnTo: '/x' })).toBe(user);
    expect(popup).toHaveBeenCalledWith({ ...request, popupAbortOnClose: true });
  });

  it('where the browser opens no popup, leaves by a redirect that comes back to the page', async () => {
    const library = createSignInLibrary(oidc);
    vi.spyOn(library.manager, 'signinPopup').mockRejectedValue(new Error('Attempted to navigate on a disposed window'));
    const redirect = vi.spyOn(library.manager, 'signinRedirect').mockResolvedValue(undefined);
    void library.signInInPlace(request, { returnTo: '/warehousing/export/picking-process' });
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith({ ...request, state: { returnTo: '/warehousing/export/picking-process' } }));
  });

  it('a popup the person closed, or a refusal, is no reason to leave the page', async () => {
    const library = createSignInLibrary(oidc);
    vi.spyOn(library.manager, 'signinPopup').mockRejectedValue(new Error('Popup closed by user'));
    const redirect = vi.spyOn(library.manager, 'signinRedirect');
    await expect(library.signInInPlace(request, {})).rejects.toThrow('Popup closed by user');
    expect(redirect).not.toHaveBeenCalled();
  });
});
