import type { Language } from '@petti/shared/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localStore } from '../storage.ts';
import type { Messages } from './en.ts';
import { pickLanguage, storeLanguage } from './language.ts';

/** Each language is its own chunk: only the one in use is downloaded. */
const loaders: Record<Language, () => Promise<Messages>> = {
  en: () => import('./en.ts').then((m) => m.en),
  ta: () => import('./ta.ts').then((m) => m.ta),
};

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loaders[language]());
}

function applyToDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Starts i18next in the stored (or browser) language; resolves once its strings are loaded. */
export async function initI18n(): Promise<typeof i18n> {
  const language = pickLanguage(localStore(), typeof navigator === 'undefined' ? [] : navigator.languages);
  const resources = { [language]: { translation: await loaders[language]() } };
  await i18n.use(initReactI18next).init({
    lng: language,
    supportedLngs: ['en', 'ta'],
    // Both languages carry every key (resources.test.ts), so there is nothing to fall back to.
    fallbackLng: false,
    resources,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: false },
  });
  applyToDocument(language);
  return i18n;
}

/** Switches the language, loading its strings first, and remembers the choice on this device. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  storeLanguage(localStore(), language);
  applyToDocument(language);
}

export { i18n };
