import { useDeferredTranslation } from '../i18n/index.ts';
import { useSignInOnceOnline } from './useSignInOnceOnline.ts';

/**
 * A personal device with nobody signed in and no connection (a logout offline, or a start without
 * one): the portal's own page, never the browser's error page of a provider that cannot load. Once
 * the connection returns, sign-in starts by itself: the provider's session a logout left is ended
 * first (Session.login), so the provider's form shows, never the person who left signed in again.
 */
export function SignedOutPage() {
  const { t } = useDeferredTranslation();
  const { waiting, signIn } = useSignInOnceOnline('/', { always: true });
  return (
    <main className="standalone-page" aria-labelledby="signed-out-title">
      <h1 id="signed-out-title">{t('SignIn.SignedOut')}</h1>
      <p>{t('SignIn.NeedsConnection')}</p>
      {waiting && <p role="status">{t('SignIn.OpensOnceOnline')}</p>}
      <button type="button" className="button button--primary" onClick={() => signIn()}>
        {t('SignIn.SignInOnceOnline')}
      </button>
    </main>
  );
}
