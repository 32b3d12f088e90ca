import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../i18n/index.ts';

/** Language choice for screens without the user menu (login, password recovery, public pages). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Language>
      size="small"
      value={currentLanguage(i18n.language)}
      options={LANGUAGES.map((language) => ({
        value: language,
        label: <span data-testid={`language-${language}`}>{t(`languages.${language}`)}</span>,
      }))}
      onChange={(language) => void changeLanguage(language)}
      aria-label={t('header.language')}
      data-testid="language-switch"
    />
  );
}
