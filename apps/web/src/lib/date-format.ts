import type { Language } from '@petti/shared/constants';
import { useTranslation } from 'react-i18next';

/**
 * Dates and times as people in Sivakasi read them: the town's time zone (a phone set elsewhere still
 * sees locker times as they are at the locker), in the app's language.
 */
const TOWN_TIME_ZONE = 'Asia/Kolkata';

export interface DateFormatters {
  /** `20 Nov, 4:30 pm` */
  dateTime: (iso: string | number) => string;
  /** `4:30 pm`, with the day only when it is not today. */
  timeOrDateTime: (iso: string | number, nowMs: number) => string;
}

export function dateFormatters(language: Language): DateFormatters {
  const locale = language === 'ta' ? 'ta-IN' : 'en-IN';
  const dateTime = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: TOWN_TIME_ZONE,
  });
  const time = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: TOWN_TIME_ZONE,
  });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TOWN_TIME_ZONE });
  return {
    dateTime: (at) => dateTime.format(new Date(at)),
    timeOrDateTime: (at, nowMs) =>
      day.format(new Date(at)) === day.format(new Date(nowMs))
        ? time.format(new Date(at))
        : dateTime.format(new Date(at)),
  };
}

export function useDateFormat(): DateFormatters {
  const { i18n } = useTranslation();
  return dateFormatters(i18n.resolvedLanguage === 'ta' ? 'ta' : 'en');
}
