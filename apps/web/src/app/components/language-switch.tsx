import { LANGUAGES, type Language } from '@petti/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { saveLanguageToAccount } from '../../lib/current-user.ts';
import { setLanguage } from '../../lib/i18n/index.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { canEnter } from '../../lib/sign-in-guard.ts';
import { localStore } from '../../lib/storage.ts';

/**
 * EN / தமிழ் toggle. Each option is labelled in its own language. Signed in, the account keeps it too.
 * `compact` is one button naming the other language, for a phone's top bar where two do not fit.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const current = i18n.resolvedLanguage;
  const choose = async (language: Language) => {
    await setLanguage(language);
    if (canEnter(localStore())) {
      // The device has the choice already; the account copy is for messages we send, so a failure is quiet.
      await saveLanguageToAccount(queryClient, language).catch(() => undefined);
    }
  };
  if (compact) {
    const other = LANGUAGES.find((l) => l !== current) ?? 'en';
    return (
      <button
        type="button"
        lang={other}
        className="lang-switch lang-switch__option lang-switch--compact"
        aria-label={`${t('language.label')}: ${t(`language.${other}`)}`}
        onClick={() => void choose(other)}
        data-testid="language-toggle"
      >
        {t(`language.${other}`)}
      </button>
    );
  }
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
            if (current !== language) void choose(language);
          }}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </fieldset>
  );
}
