import { BootSpinner } from '../app/BootSpinner.tsx';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSession, useSessionState } from './context.ts';
import { SessionExpiredDialog } from './SessionExpiredDialog.tsx';

/** Renders its children only for a signed-in user; otherwise starts sign-in (with a spinner). */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const state = useSessionState();
  const location = useLocation();

  useEffect(() => {
    if (session.getState().status === 'starting') {
      void session.start(location.pathname + location.search + location.hash);
    }
    // Only on mount: later navigation never restarts sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  if (state.status === 'signedIn' || state.status === 'expired') {
    return (
      <>
        {children}
        {state.status === 'expired' && <SessionExpiredDialog />}
      </>
    );
  }
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
