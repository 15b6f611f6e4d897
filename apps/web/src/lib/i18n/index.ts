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

/**
 * A section of strings only some screens need (the shop's side), kept out of the language chunk every
 * first screen downloads and loaded when a screen asks for it (`loadSection`, `useSection`).
 */
export type SectionLoaders = Record<Language, () => Promise<object>>;

type LanguageListener = (language: Language) => void;

let loaders: MessageLoaders | null = null;
const loaded = new Map<Language, Record<string, Strings | string>>();
const sectionLoaders = new Map<string, SectionLoaders>();
/** Sections some screen has asked for: loaded for every language switched to from then on. */
const wanted = new Set<string>();
let current: Language | undefined;
const listeners = new Set<LanguageListener>();

async function ensureSection(language: Language, name: string): Promise<void> {
  const strings = loaded.get(language);
  const load = sectionLoaders.get(name);
  if (!strings || !load || name in strings) return;
  strings[name] = (await load[language]()) as Strings;
}

async function ensureLoaded(language: Language): Promise<void> {
  if (!loaded.has(language)) {
    if (!loaders) throw new Error('Petti: setLanguage before initI18n');
    loaded.set(language, { ...((await loaders[language]()) as unknown as Strings) });
  }
  await Promise.all([...wanted].map((name) => ensureSection(language, name)));
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
    current === undefined
      ? key
      : translate(loaded.get(current)! as Strings, current, key, options)) as TFunction,
  on(_event: 'languageChanged', fn: LanguageListener): void {
    listeners.add(fn);
  },
  off(_event: 'languageChanged', fn: LanguageListener): void {
    listeners.delete(fn);
  },
};

/** Names the sections that load later (app/i18n/resources.ts), before any is asked for. */
export function registerSections(sections: Record<string, SectionLoaders>): void {
  for (const [name, load] of Object.entries(sections)) sectionLoaders.set(name, load);
}

/** Whether a section's strings are there in the language in use. */
export function hasSection(name: string): boolean {
  return current !== undefined && name in (loaded.get(current) ?? {});
}

/** Loads a section in the language in use (and in every language switched to later). */
export async function loadSection(name: string): Promise<void> {
  wanted.add(name);
  if (current !== undefined) await ensureSection(current, name);
}

/** Starts in the stored (or browser) language; resolves once its strings are loaded. */
export async function initI18n(
  messageLoaders: MessageLoaders,
  sections: Record<string, SectionLoaders> = {},
): Promise<typeof i18n> {
  loaders = messageLoaders;
  registerSections(sections);
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
