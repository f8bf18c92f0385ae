import { useCallback, useEffect, useState } from 'react';
import { useConnectivity } from '../offline/useConnectivity.ts';
import { useSession } from './context.ts';

/**
 * Signing in needs a connection. Asked for offline, the sign-in starts as soon as the connection
 * returns (`always`: whether asked or not). Back online with nobody signed in, a logout the provider
 * has not confirmed ends there first, before anyone can sign in (Session.endUnconfirmedLogout).
 * `signIn(loginHint)` fills in the person's name at the provider (a badge scanned on a shared device).
 */
export function useSignInOnceOnline(returnTo: string, { always = false } = {}): { online: boolean; waiting: boolean; signIn(loginHint?: string): void } {
  const session = useSession();
  const online = useConnectivity();
  const [asked, setAsked] = useState<{ loginHint?: string } | null>(null);
  const waiting = !!asked || always;
  useEffect(() => {
    if (!online) return;
    session.endUnconfirmedLogout();
    if (waiting) void session.login(returnTo, asked?.loginHint);
  }, [online, waiting, asked, session, returnTo]);
  const signIn = useCallback(
    (loginHint?: string) => (online ? void session.login(returnTo, loginHint) : setAsked(loginHint ? { loginHint } : {})),
    [online, session, returnTo],
  );
  return { online, waiting: waiting && !online, signIn };
}
