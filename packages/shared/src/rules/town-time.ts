import type { Language } from '../constants.ts';

/** The town's time zone: a phone set elsewhere still sees locker times as they are at the locker. */
export const TOWN_TIME_ZONE = 'Asia/Kolkata';

const cache = new Map<string, Intl.DateTimeFormat>();
const formatter = (language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${language}:${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language === 'ta' ? 'ta-IN' : 'en-IN', {
      ...options,
      timeZone: TOWN_TIME_ZONE,
    });
    cache.set(key, f);
  }
  return f;
};

/**
 * `20 Nov, 3:30 pm` / `நவ. 20, 3:30 PM` (ICU writes the Tamil month and AM/PM as they are): a date and
 * 12-hour time in the town's zone, as the screens show them and as the server words its events (one rule
 * for both).
 */
export const townDateTime = (at: Date | string | number, language: Language): string =>
  formatter(language, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(
    new Date(at),
  );

/** `20 Nov 2026, 3:30 pm`: with the year, for what is kept (a receipt is a tax document). */
export const townDateTimeWithYear = (at: Date | string | number, language: Language): string =>
  formatter(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(at));

/** `3:30 pm` in the town's zone. */
export const townTime = (at: Date | string | number, language: Language): string =>
  formatter(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(at));
