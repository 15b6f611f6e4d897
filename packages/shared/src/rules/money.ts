/**
 * Money is integer paise everywhere (docs/product.md#money). Prices include GST; receipts show the
 * GST part. These rules are shared so the app shows exactly what the server charged.
 */

/** The GST inside a GST-inclusive amount, rounded to the paisa: total × p / (100 + p). */
export function gstIncluded(totalPaise: number, percent: number): number {
  if (!Number.isInteger(totalPaise) || totalPaise < 0) throw new RangeError('amount must be whole paise');
  if (percent < 0) throw new RangeError('GST percent must not be negative');
  return Math.round((totalPaise * percent) / (100 + percent));
}

export interface GstBreakdown {
  /** Value before tax. */
  taxable: number;
  cgst: number;
  sgst: number;
  /** cgst + sgst. */
  tax: number;
  /** taxable + tax: what was paid. */
  total: number;
}

/**
 * Seller and buyer are both in Tamil Nadu, so GST is intra-state: half CGST, half SGST
 * (an odd paisa goes to SGST so the parts always add up to the tax).
 */
export function gstBreakdown(totalPaise: number, taxPaise: number): GstBreakdown {
  const cgst = Math.floor(taxPaise / 2);
  return { taxable: totalPaise - taxPaise, cgst, sgst: taxPaise - cgst, tax: taxPaise, total: totalPaise };
}

/** Whole rupees, as prices and savings are shown in lists (docs/product.md#money). */
export const wholeRupees = (paise: number): number => Math.round(paise / 100);

// Made on first use, not when the module loads: an ICU formatter costs a budget phone milliseconds to
// build, and a first screen that shows no amount should not pay for it (docs/performance.md#lighthouse).
let rupeeFormats: { whole: Intl.NumberFormat; exact: Intl.NumberFormat } | undefined;
const rupeeFormat = () =>
  (rupeeFormats ??= {
    whole: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }),
    exact: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  });

/** Exact amount for payment pages and receipts: `₹99`, `₹1,299.50` (Indian digit grouping). */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const text =
    abs % 100 === 0 ? rupeeFormat().whole.format(abs / 100) : rupeeFormat().exact.format(abs / 100);
  return `${sign}₹${text}`;
}
