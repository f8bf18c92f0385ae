import { readStored, writeStored } from '../storage/local.ts';
import { restart } from '../effects/restart.ts';

export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';
/** Loaded at start. `access` (the access explainer's texts) loads only when an explanation shows. */
export const NAMESPACES = ['translation', 'routes'] as const;
export const ACCESS_NAMESPACE = 'access';
/**
 * The texts of parts that load after the first screen or instead of it (export history, push, the offline
 * frame card, the seller-support gate, the platform and seller choosers, the config and storage problem
 * pages, the online/offline switch): they load with those parts
 * (i18n/index.ts `withDeferredTexts`), never on a start's path.
 */
export const DEFERRED_NAMESPACE = 'deferred';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored language (shell.md §3: under the localization key, default Vietnamese). */
export function storedLanguage(): Language {
  return readStored('language', isLanguage) ?? DEFAULT_LANGUAGE;
}

/** Changing language stores it and reloads (shell.md §4), so frames and caches start over in it. */
export function switchLanguage(language: Language): void {
  writeStored('language', language);
  restart('language');
}
