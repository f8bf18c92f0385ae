import { createContext, useContext } from 'react';
import { useTransitionStore } from '../ui/useTransitionStore.ts';
import type { Session, SessionState } from './session.ts';

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionContext');
  return session;
}

export function useSessionState(): SessionState {
  const session = useSession();
  // Signing in changes the whole page (the spinner → the shell): drawn in slices.
  return useTransitionStore(session.subscribe, session.getState);
}
