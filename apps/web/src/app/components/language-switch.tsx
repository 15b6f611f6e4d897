import { LANGUAGES, type Language } from '@petti/shared/constants';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n/index.ts';

/** EN / தமிழ் toggle. Each option is labelled in its own language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage;
  return (
    <fieldset className="lang-switch">
      <legend className="sr-only">{t('language.label')}</legend>
      {LANGUAGES.map((language: Language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="lang-switch__option"
          aria-pressed={current === language}
          onClick={() => {
            if (current !== language) void setLanguage(language);
          }}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </fieldset>
  );
}
