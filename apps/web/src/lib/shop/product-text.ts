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
