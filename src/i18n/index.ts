import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, NAMESPACES, storedLanguage } from './languages.ts';

/** Starts i18next in the stored language; only that language's resources are downloaded. */
export async function initI18n(): Promise<typeof i18next> {
  const language = storedLanguage();
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend((lng: string, ns: string) => import(`./locales/${lng}/${ns}.json`)))
    .init({
      lng: language,
      fallbackLng: false, // key parity is tested, so the other language is never needed
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'translation',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    });
  document.documentElement.lang = language;
  return i18next;
}
