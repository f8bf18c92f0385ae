import { Icon } from '../ui/Icon.tsx';
import { languageOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, switchLanguage, type Language } from '../i18n/languages.ts';
import { MenuButton } from '../ui/MenuButton.tsx';

const LANGUAGE_LABEL: Record<Language, string> = { vi: 'Shell.LanguageVi', en: 'Shell.LanguageEn' };

/** Stores the chosen language under the localization key and reloads (shell.md §4). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <MenuButton
      // The visible language code is part of the name (WCAG 2.5.3 label in name).
      label={`${t('Shell.Language')} ${i18n.language.toUpperCase()}`}
      items={LANGUAGES.map((language) => ({
        key: language,
        label: t(LANGUAGE_LABEL[language]),
        checked: i18n.language === language,
        onSelect: () => {
          if (i18n.language !== language) switchLanguage(language);
        },
      }))}
    >
      <Icon icon={languageOutline} />
      <span className="language-code">{i18n.language.toUpperCase()}</span>
    </MenuButton>
  );
}
