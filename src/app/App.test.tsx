import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Runtime } from '../config/runtime.ts';
import type { Session } from '../session/session.ts';
import { App } from './App.tsx';
import type { PageParts } from './composition.ts';
import type * as SignedInModule from './SignedInApp.tsx';

/** The offline page: the shell is drawn without a session while one is stored, so App needs nothing else of it. */
const starting = { status: 'starting' };
const storedSession = { getState: () => starting, subscribe: () => () => undefined, hasStoredUser: () => true };
const offlinePage = {
  mode: 'offline',
  serviceWorker: null,
  recovery: { afterChunkFailure: async () => false },
} as unknown as PageParts;
const signedIn = { SignedInApp: () => <p>the shell</p> } as unknown as typeof SignedInModule;

describe('App', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('routes with React Router 7’s behaviour, so the console of every start has no future-flag warnings', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<App runtime={{} as Runtime} session={storedSession as unknown as Session} page={offlinePage} signedIn={signedIn} />);
    expect(await screen.findByText('the shell')).toBeTruthy();
    expect(warn.mock.calls.map((call) => String(call[0])).filter((text) => text.includes('Future Flag'))).toEqual([]);
  });

  it('completes the sign-in at the callback address, then draws the shell where the user was going', async () => {
    window.history.pushState(null, '', '/callback?code=abc&state=xyz');
    const completeLogin = vi.fn(async () => '/cashier/orders');
    render(<App runtime={{} as Runtime} session={{ ...storedSession, completeLogin } as unknown as Session} page={offlinePage} signedIn={signedIn} />);
    expect(await screen.findByText('the shell')).toBeTruthy();
    expect(completeLogin).toHaveBeenCalledOnce();
    expect(window.location.pathname).toBe('/cashier/orders');
  });

  it('offline with nobody signed in, draws no shell: the session decides (the signed-out page)', async () => {
    window.history.pushState(null, '', '/');
    const signedOut = { status: 'signedOut' };
    const nobody = { getState: () => signedOut, subscribe: () => () => undefined, hasStoredUser: () => false };
    render(<App runtime={{ sharedDevice: null } as unknown as Runtime} session={nobody as unknown as Session} page={offlinePage} signedIn={signedIn} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('the shell')).toBeNull();
  });
});
