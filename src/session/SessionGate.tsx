import { BootSpinner } from '../ui/BootSpinner.tsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { subscribeConnectivity } from '../offline/mode.ts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession, useSessionState } from './context.ts';
import { SessionExpiredDialog } from './SessionExpiredDialog.tsx';

/** How often sign-in is tried again while the identity provider cannot be reached. */
export const PROVIDER_RETRY_MS = 5000;

/**
 * Renders its children only for a signed-in user; otherwise starts sign-in (with a spinner), or on a
 * shared device with nobody signed in draws `signedOut` (the next person's sign-in screen).
 */
export function SessionGate({ children, signedOut = null }: { children: ReactNode; signedOut?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const state = useSessionState();
  const location = useLocation();

  // Where the user was going, read once: later navigation never restarts sign-in. The composition root
  // starts the session before the first render; one that has not started yet starts here.
  const [opened] = useState(() => location.pathname + location.search + location.hash);
  useEffect(() => {
    if (session.getState().status === 'starting') void session.start(opened);
  }, [session, opened]);

  // A shared device's person left while this page stayed (their logout ends in place, or another tab
  // ended the shift): the next person starts at home, not at the address of the previous one's page.
  const navigate = useNavigate();
  const hadPerson = useRef(false);
  useEffect(() => {
    if (state.status === 'signedIn') hadPerson.current = true;
    else if (state.status === 'signedOut' && hadPerson.current) {
      hadPerson.current = false;
      void navigate('/', { replace: true });
    }
  }, [state.status, navigate]);

  // The provider could not be reached: try again when the connection returns, and now and then, so a
  // provider that comes back signs the user in without a reload.
  const failed = state.status === 'error';
  useEffect(() => {
    if (!failed) return;
    const returnTo = location.pathname + location.search;
    const retry = () => void session.login(returnTo);
    const timer = setTimeout(retry, PROVIDER_RETRY_MS);
    const stop = subscribeConnectivity((online) => online && retry());
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [failed, session, location.pathname, location.search]);

  if (state.status === 'signedIn' || state.status === 'expired') {
    return (
      <>
        {children}
        {state.status === 'expired' && <SessionExpiredDialog />}
      </>
    );
  }
  if (state.status === 'signedOut') return signedOut;
  if (state.status === 'error') {
    return (
      <main className="standalone-page" aria-labelledby="sign-in-error-title">
        <h1 id="sign-in-error-title">{t('SignIn.ProviderUnavailable')}</h1>
        <p>{t('SignIn.ProviderUnavailableDetail')}</p>
        <button type="button" className="button button--primary" onClick={() => void session.login(location.pathname + location.search)}>
          {t('Retry')}
        </button>
      </main>
    );
  }
  return <BootSpinner label={t('SignIn.SigningIn')} />;
}
