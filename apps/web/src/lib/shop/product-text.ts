import type { Localized } from './types.ts';

/** A catalog name in the user's language (`{ en, ta }` or plain), English when Tamil is missing. */
export function localName(name: Localized | null | undefined, language: string | undefined): string {
  if (!name) return '';
  if (typeof name === 'string') return name;
  return (language === 'ta' && name.ta) || name.en;
}

/** `5 kg`, `500 g`, `1 pack`: a variant's size as shown on cards. */
export function unitLabel(unitValue: number, unit: string): string {
  const value = Number.isInteger(unitValue) ? String(unitValue) : String(Math.round(unitValue * 100) / 100);
  return `${value} ${unit}`;
}

/** Percent off MRP, whole (for offers); 0 when there is no saving. */
export function percentOff(pricePaise: number, mrpPaise: number): number {
  if (mrpPaise <= 0 || pricePaise >= mrpPaise) return 0;
  return Math.floor(((mrpPaise - pricePaise) / mrpPaise) * 100);
}

/** "HH:MM" → minutes after midnight. */
function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Whether a shop is open at `now` in Sivakasi time (IST, UTC+05:30) given its opening hours. */
export function isOpenAt(hours: { open: string; close: string }, now: Date): boolean {
  const ist = (now.getUTCHours() * 60 + now.getUTCMinutes() + 330) % 1440;
  const open = minutes(hours.open);
  const close = minutes(hours.close);
  return open <= close ? ist >= open && ist < close : ist >= open || ist < close;
}
