/** Pure helpers for the public seller pages (tested in seller-text.test.ts). */

/** A name in the user's language from `{ en, ta }` or a plain string. */
export function localName(
  name: string | { en: string; ta?: string | null } | null | undefined,
  language: string,
): string {
  if (!name) return '';
  if (typeof name === 'string') return name;
  return (language === 'ta' && name.ta) || name.en;
}

/** 'Invalid URL' unless the text is an http(s) address with a host that has a dot. */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The same email shape the server checks ('Invalid email address'). */
export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(text.trim());
}
