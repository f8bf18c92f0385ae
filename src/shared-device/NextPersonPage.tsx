import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { listenForScans } from '../../packages/frame-client/wedge.ts';
import type { Brand } from '../config/schema.ts';
import { useDeferredTranslation } from '../i18n/index.ts';
import { useSignInOnceOnline } from '../session/useSignInOnceOnline.ts';
import { tellWorkerCurrentPerson } from '../sw-client/register.ts';
import { badgeLogin, takeHandOver } from './badge.ts';

/**
 * A shared device with nobody signed in (the shift ended, here or in another tab, or the device's
 * first start): the next person's sign-in, in the device's language. Their sign-in shows the
 * provider's form (Session on a shared device: prompt=login). Offline the page says that signing in
 * needs a connection, and a Sign in asked for meanwhile starts once it returns. A badge scanned here (or on
 * the lock, which ended the shift for it) starts that person's sign-in with their name filled in (README "Scanning").
 */
export function NextPersonPage({ brand }: { brand: Brand }) {
  const { t } = useDeferredTranslation();
  const { pathname, search } = useLocation();
  const { online, waiting, signIn } = useSignInOnceOnline(pathname + search);
  const [notBadge, setNotBadge] = useState<string | null>(null);
  // Nobody's push messages are shown now (the tab that ended the shift told the worker already; a start after a crash did not).
  useEffect(() => void tellWorkerCurrentPerson(null), []);
  useEffect(() => {
    const handedOver = takeHandOver();
    if (handedOver) signIn(handedOver);
    return listenForScans(
      window,
      brand.scanner.wedge,
      (text) => {
        const login = badgeLogin(text, brand.sharedDevice?.badge);
        setNotBadge(login ? null : text);
        if (login) signIn(login);
      },
      'take',
    );
  }, [signIn, brand]);
  return (
    <main className="standalone-page" aria-labelledby="next-person-title">
      <h1 id="next-person-title">{t('SharedDevice.NextPerson')}</h1>
      <p>{t('SharedDevice.NextPersonDetail')}</p>
      {!online && <p>{t('SignIn.NeedsConnection')}</p>}
      {waiting && <p role="status">{t('SignIn.OpensOnceOnline')}</p>}
      {brand.sharedDevice?.badge && <p>{t('SharedDevice.ScanBadge')}</p>}
      {notBadge !== null && <p role="alert">{t('SharedDevice.NotABadge', { code: notBadge })}</p>}
      <button type="button" className="button button--primary" onClick={() => signIn()}>
        {online ? t('SharedDevice.SignIn') : t('SignIn.SignInOnceOnline')}
      </button>
    </main>
  );
}
