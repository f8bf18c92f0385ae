import i18next, { type TFunction } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFERRED_NAMESPACE, LANGUAGES, NAMESPACES, storedLanguage } from './languages.ts';

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

/** The namespace of texts that come with the parts loaded after the first screen. */
async function loadDeferredTexts(): Promise<void> {
  const { language } = i18next;
  if (i18next.hasResourceBundle(language, DEFERRED_NAMESPACE)) return;
  // Imported, not through the backend, which would swallow a failure: this one rejects like a chunk.
  const texts = (await import(`./locales/${language}/deferred.json`)) as { default: Record<string, unknown> };
  i18next.addResourceBundle(language, DEFERRED_NAMESPACE, texts.default);
}

/** A part's module together with the deferred texts it shows: both arrive before it draws, or it fails as one. */
export async function withDeferredTexts<T>(part: Promise<T>): Promise<T> {
  const [module] = await Promise.all([part, loadDeferredTexts()]);
  return module;
}

/**
 * A translate function over the deferred texts, once they are here, and the start's: for a dialog
 * of a part that is on the page from the start but shows only later (the online/offline switch).
 */
export async function withDeferredT(): Promise<TFunction> {
  await loadDeferredTexts();
  return i18next.getFixedT(null, [DEFERRED_NAMESPACE, 'translation']);
}

/** For a part loaded with `withDeferredTexts`: its own texts first, then the start's (Retry, Close…). */
export function useDeferredTranslation() {
  return useTranslation([DEFERRED_NAMESPACE, 'translation'], { nsMode: 'fallback' });
}
