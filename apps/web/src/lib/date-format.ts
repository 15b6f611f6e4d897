import type { Language } from '@petti/shared/constants';
import { TOWN_TIME_ZONE, townDateTime, townDateTimeWithYear, townTime } from '@petti/shared/rules/town-time';
import { useTranslation } from './i18n/react.tsx';

/**
 * Dates and times as people in Sivakasi read them: the town's time zone (a phone set elsewhere still
 * sees locker times as they are at the locker), in the app's language; the server words its events
 * with the same rule (`@petti/shared/rules/town-time`).
 */

export interface DateFormatters {
  /** `20 Nov, 4:30 pm` */
  dateTime: (iso: string | number) => string;
  /** `20 Nov 2026, 4:30 pm`: for what is kept, such as a receipt. */
  dateTimeWithYear: (iso: string | number) => string;
  /** `4:30 pm`, with the day only when it is not today. */
  timeOrDateTime: (iso: string | number, nowMs: number) => string;
}

// Made on first use: building a formatter with a time zone loads ICU's zone data, about 100 ms of a
// budget phone's first screen when made as the module loads (docs/performance.md#lighthouse).
let dayFormat: Intl.DateTimeFormat | undefined;
const day = () => (dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: TOWN_TIME_ZONE }));

export function dateFormatters(language: Language): DateFormatters {
  return {
    dateTime: (at) => townDateTime(at, language),
    dateTimeWithYear: (at) => townDateTimeWithYear(at, language),
    timeOrDateTime: (at, nowMs) =>
      day().format(new Date(at)) === day().format(new Date(nowMs))
        ? townTime(at, language)
        : townDateTime(at, language),
  };
}

export function useDateFormat(): DateFormatters {
  const { i18n } = useTranslation();
  return dateFormatters(i18n.resolvedLanguage === 'ta' ? 'ta' : 'en');
}
