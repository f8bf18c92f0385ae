import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCESS_NAMESPACE } from '../i18n/languages.ts';
import type { Translate } from './describe.ts';

/** The access explainer's texts (namespace `access`, loaded on first use: suspends until then). */
export function useAccessText(): Translate {
  const { t } = useTranslation(ACCESS_NAMESPACE);
  return useCallback((key: string, values?: Record<string, string>) => t(key, values ?? {}), [t]);
}
