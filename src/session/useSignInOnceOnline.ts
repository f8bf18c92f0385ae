import { useCallback, useEffect, useState } from 'react';
import { useConnectivity } from '../offline/useConnectivity.ts';
import { useSession } from './context.ts';

/**
 * Signing in needs a connection. Asked for offline, the sign-in starts as soon as the connection
 * returns (`always`: whether asked or not). Back online with nobody signed in, a logout the provider
 * has not confirmed ends there first, before anyone can sign in (Session.endUnconfirmedLogout).
 */
export function useSignInOnceOnline(returnTo: string, { always = false } = {}): { online: boolean; waiting: boolean; signIn(): void } {
  const session = useSession();
  const online = useConnectivity();
  const [asked, setAsked] = useState(false);
  const waiting = asked || always;
  useEffect(() => {
    if (!online) return;
    session.endUnconfirmedLogout();
    if (waiting) void session.login(returnTo);
  }, [online, waiting, session, returnTo]);
  const signIn = useCallback(() => (online ? void session.login(returnTo) : setAsked(true)), [online, session, returnTo]);
  return { online, waiting: waiting && !online, signIn };
}
