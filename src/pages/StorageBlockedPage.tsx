import { loadTexts, useDeferredTranslation } from '../i18n/index.ts';
import { DEFERRED_NAMESPACE, LANGUAGES } from '../i18n/languages.ts';
import { restart } from '../effects/restart.ts';

/**
 * The browser refuses this site's storage (site data blocked by a setting, a policy or private
 * browsing). Sign-in cannot work then: the provider's redirect ends in a new page load, and the
 * PKCE verifier and the signed-in user must survive it. The page says so and what to do; the
 * language cannot be read from storage, so the other one is one press away (not stored: it can't be).
 */
export function StorageBlockedPage({ supportEmail }: { supportEmail: string }) {
  const { t, i18n } = useDeferredTranslation();
  const other = LANGUAGES.find((language) => language !== i18n.language) ?? LANGUAGES[0];
  return (
    <main className="standalone-page" aria-labelledby="storage-blocked-title">
      <h1 id="storage-blocked-title">{t('StorageBlocked.Title')}</h1>
      <p>{t('StorageBlocked.Detail')}</p>
      <p>{t('StorageBlocked.WhatToDo')}</p>
      <p>
        {t('StorageBlocked.Support')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </p>
      <div className="error-page__actions">
        <button type="button" className="button button--primary" onClick={() => restart('retry')}>
          {t('Retry')}
        </button>
        <button
          type="button"
          className="button"
          lang={other}
          onClick={() => {
            // This page's texts in the other language come first (a start loads only its own language's).
            void loadTexts(['translation', DEFERRED_NAMESPACE], other)
              .then(() => i18n.changeLanguage(other))
              .then(
                () => (document.documentElement.lang = other),
                (error: unknown) => console.warn('[i18n] the other language could not be loaded', error),
              );
          }}
        >
          {t(other === 'en' ? 'Shell.LanguageEn' : 'Shell.LanguageVi')}
        </button>
      </div>
    </main>
  );
}
