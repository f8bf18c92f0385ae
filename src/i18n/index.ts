import i18next, { type TFunction } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFERRED_NAMESPACE, LANGUAGES, NAMESPACES, storedLanguage } from './languages.ts';

/**
 * The texts of one namespace in one language, imported like a chunk of code: it rejects when the file
 * does not arrive. (A backend such as i18next's would log the failure and go on, and the page would
 * show its keys, "Shell.MainMenu", instead of its texts.)
 */
export async function textsOf(language: string, namespace: string): Promise<Record<string, unknown>> {
  return ((await import(`./locales/${language}/${namespace}.json`)) as { default: Record<string, unknown> }).default;
}

/**
 * Starts i18next in the stored language with that language's start texts; only they are downloaded.
 * A start without its texts fails like a start without its code.
 */
export async function initI18n(): Promise<typeof i18next> {
  const language = storedLanguage();
  const [translation, routes] = await Promise.all([textsOf(language, 'translation'), textsOf(language, 'routes')]);
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false, // key parity is tested, so the other language is never needed
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'translation',
    resources: { [language]: { translation, routes } },
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18next;
}

/**
 * Adds the texts of `namespaces` in `language` that i18next does not hold yet, each once it has
 * arrived (textsOf): a part loaded after the first screen (`deferred`, the access explainer's
 * `access`), or a page that switches language without a restart.
 */
export async function loadTexts(namespaces: readonly string[], language: string = i18next.language): Promise<void> {
  await Promise.all(
    namespaces
      .filter((namespace) => !i18next.hasResourceBundle(language, namespace))
      .map(async (namespace) => i18next.addResourceBundle(language, namespace, await textsOf(language, namespace))),
  );
}

/** A part's module together with the texts it shows: both arrive before it draws, or it fails as one. */
export async function withDeferredTexts<T>(part: Promise<T>, namespace: string = DEFERRED_NAMESPACE): Promise<T> {
  const [module] = await Promise.all([part, loadTexts([namespace])]);
  return module;
}

/**
 * A translate function over the deferred texts, once they are here, and the start's: for a dialog
 * of a part that is on the page from the start but shows only later (the online/offline switch).
 */
export async function withDeferredT(): Promise<TFunction> {
  await loadTexts([DEFERRED_NAMESPACE]);
  return i18next.getFixedT(null, [DEFERRED_NAMESPACE, 'translation']);
}

/** For a part loaded with `withDeferredTexts`: its own texts first, then the start's (Retry, Close…). */
export function useDeferredTranslation() {
  return useTranslation([DEFERRED_NAMESPACE, 'translation'], { nsMode: 'fallback' });
}
