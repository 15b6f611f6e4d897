import { townDate } from './shop-hours.ts';

/**
 * India's financial year runs from 1 April to 31 March; GST invoice numbers are consecutive within
 * one. Named as on invoices: `26-27` for April 2026 to March 2027 (town dates).
 */
export function fiscalYearOf(at: Date): string {
  const [year, month] = townDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** A shop's invoice number: the financial year and the count within it, `26-27/000042`. */
export const invoiceNumber = (fiscalYear: string, n: number): string =>
  `${fiscalYear}/${String(n).padStart(6, '0')}`;
