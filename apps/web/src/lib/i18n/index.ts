import type { Language } from '@petti/shared/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localStore } from '../storage.ts';
import type { CommonMessages } from './en.ts';
import { pickLanguage, storeLanguage } from './language.ts';

/**
 * Loads one language's complete strings. The app supplies them (app/i18n/resources.ts) because they
 * include every feature's strings, which lib/ must not import; each must at least carry the common
 * strings lib/ itself uses.
 */
export type MessageLoaders = Record<Language, () => Promise<CommonMessages>>;

let loaders: MessageLoaders | null = null;

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  if (!loaders) throw new Error('Petti: setLanguage before initI18n');
  i18n.addResourceBundle(language, 'translation', await loaders[language]());
}

function applyToDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Starts i18next in the stored (or browser) language; resolves once its strings are loaded. */
export async function initI18n(messageLoaders: MessageLoaders): Promise<typeof i18n> {
  loaders = messageLoaders;
  const language = pickLanguage(localStore(), typeof navigator === 'undefined' ? [] : navigator.languages);
  const resources = { [language]: { translation: await messageLoaders[language]() } };
  await i18n.use(initReactI18next).init({
    lng: language,
    supportedLngs: ['en', 'ta'],
    // Both languages carry every key (app/i18n/resources.test.ts), so there is nothing to fall back to.
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
