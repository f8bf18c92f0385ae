import { BootSpinner } from '../ui/BootSpinner.tsx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from './context.ts';

/**
 * The provider redirects here with the authorization code. A failure (state mismatch, provider
 * down, error answer) shows a page with a retry that starts a fresh sign-in: never a redirect loop.
 */
export function SignInCallbackPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // React's strict double effects must not spend the code twice
    started.current = true;
    session.completeLogin().then(
      // null: a popup's sign-in, which its opener takes; this window closes.
      (returnTo) => returnTo !== null && navigate(returnTo, { replace: true }),
      (error: unknown) => {
        console.error('[sign-in] callback failed', error);
        setFailure(error instanceof Error ? error.message : String(error));
      },
    );
  }, [session, navigate]);

  if (failure === null) {
    return <BootSpinner label={t('SignIn.SigningIn')} />;
  }
  return (
    <main className="standalone-page" aria-labelledby="callback-error-title">
      <h1 id="callback-error-title">{t('SignIn.CallbackFailed')}</h1>
      <p>{t('SignIn.CallbackFailedDetail')}</p>
      <p className="standalone-page__issues">
        <code>{failure}</code>
      </p>
      <button type="button" className="button button--primary" onClick={() => void session.login('/')}>
        {t('SignIn.SignInAgain')}
      </button>
    </main>
  );
}
