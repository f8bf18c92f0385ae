import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useDeferredTranslation } from '../i18n/index.ts';
import { useSignInOnceOnline } from '../session/useSignInOnceOnline.ts';
import { tellWorkerCurrentPerson } from '../sw-client/register.ts';

/**
 * A shared device with nobody signed in (the shift ended, here or in another tab, or the device's
 * first start): the next person's sign-in, in the device's language. Their sign-in shows the
 * provider's form (Session on a shared device: prompt=login). Offline the page says that signing in
 * needs a connection, and a Sign in asked for meanwhile starts once it returns.
 */
export function NextPersonPage() {
  const { t } = useDeferredTranslation();
  const { pathname, search } = useLocation();
  const { online, waiting, signIn } = useSignInOnceOnline(pathname + search);
  // Nobody's push messages are shown now (the tab that ended the shift told the worker already; a start after a crash did not).
  useEffect(() => void tellWorkerCurrentPerson(null), []);
  return (
    <main className="standalone-page" aria-labelledby="next-person-title">
      <h1 id="next-person-title">{t('SharedDevice.NextPerson')}</h1>
      <p>{t('SharedDevice.NextPersonDetail')}</p>
      {!online && <p>{t('SignIn.NeedsConnection')}</p>}
      {waiting && <p role="status">{t('SignIn.OpensOnceOnline')}</p>}
      <button type="button" className="button button--primary" onClick={signIn}>
        {online ? t('SharedDevice.SignIn') : t('SignIn.SignInOnceOnline')}
      </button>
    </main>
  );
}
