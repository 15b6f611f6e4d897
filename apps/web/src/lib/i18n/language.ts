import { LANGUAGES, type Language, STORAGE_KEYS } from '@petti/shared/constants';
import { type KeyValueStorage, readItem } from '../storage.ts';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice first, else the first browser language we speak, else English. */
export function pickLanguage(storage: KeyValueStorage, browserLanguages: readonly string[] = []): Language {
  const stored = readItem(storage, STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function storeLanguage(storage: KeyValueStorage, language: Language): void {
  try {
    storage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // a full or refused storage only loses the preference
  }
}
