import type { Language } from '@petti/shared/constants';
import { localStore } from '../storage.ts';
import type { CommonMessages } from './en.ts';
import type { TFunction } from './keys.ts';
import { pickLanguage, storeLanguage } from './language.ts';
import { type Strings, translate } from './translate.ts';

/**
 * Loads one language's complete strings. The app supplies them (app/i18n/resources.ts) because they
 * include every feature's strings, which lib/ must not import; each must at least carry the common
 * strings lib/ itself uses.
 */
export type MessageLoaders = Record<Language, () => Promise<CommonMessages>>;

type LanguageListener = (language: Language) => void;

let loaders: MessageLoaders | null = null;
const loaded = new Map<Language, Strings>();
let current: Language | undefined;
const listeners = new Set<LanguageListener>();

async function ensureLoaded(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  if (!loaders) throw new Error('Petti: setLanguage before initI18n');
  loaded.set(language, (await loaders[language]()) as unknown as Strings);
}

function use(language: Language): void {
  const changed = current !== language;
  current = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (changed) for (const fn of listeners) fn(language);
}

/**
 * The app's language and its strings (docs/decisions/0007-own-translations.md): one language's
 * strings loaded at a time, `t` to read them, and word when the language changes.
 */
export const i18n = {
  get isInitialized(): boolean {
    return current !== undefined;
  },
  /** The language in use; undefined until `initI18n` has loaded its strings. */
  get resolvedLanguage(): Language | undefined {
    return current;
  },
  t: ((key: string, options?: Parameters<typeof translate>[3]) =>
    current === undefined ? key : translate(loaded.get(current)!, current, key, options)) as TFunction,
  on(_event: 'languageChanged', fn: LanguageListener): void {
    listeners.add(fn);
  },
  off(_event: 'languageChanged', fn: LanguageListener): void {
    listeners.delete(fn);
  },
};

/** Starts in the stored (or browser) language; resolves once its strings are loaded. */
export async function initI18n(messageLoaders: MessageLoaders): Promise<typeof i18n> {
  loaders = messageLoaders;
  const language = pickLanguage(localStore(), typeof navigator === 'undefined' ? [] : navigator.languages);
  await ensureLoaded(language);
  use(language);
  return i18n;
}

/** Switches the language, loading its strings first, and remembers the choice on this device. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  storeLanguage(localStore(), language);
  use(language);
}
