import { isValidEan13, normaliseBarcode } from './ean13.ts';

/**
 * What a shop may set on one of its packs from the phone (docs/shops.md#stock-and-catalogue), checked
 * the same way by the app's forms and the server. Each problem is an error code of the shared
 * catalogue, so both say the same sentence in both languages.
 */

/** GST slabs a pack's price may include (percent). */
export const GST_SLABS = [0, 5, 12, 18, 28] as const;

/** How a pack is measured; the unit shown after its size ("500 g", "12 pcs"). */
export const PACK_UNITS = ['g', 'kg', 'ml', 'l', 'pcs', 'pack', 'box'] as const;
export type PackUnit = (typeof PACK_UNITS)[number];

/** ₹1,00,000 for one pack: more is a typing slip (an extra zero), not a price in this town. */
export const MAX_PACK_PRICE_PAISE = 10_000_000;
/** More than this many on the shelf is a typing slip too. */
export const MAX_PACK_STOCK = 100_000;

/** A pack with this many or fewer left (and some) is running low: the stock screen lists it so. */
export const STOCK_RUNNING_LOW = 5;
/** The stock screen's views: everything, packs running low, packs out of stock. */
export const STOCK_VIEWS = ['all', 'low', 'out'] as const;
export type StockView = (typeof STOCK_VIEWS)[number];
/** Its orders: by name, or by what sold most in the last `SALES_WINDOW_DAYS`. */
export const STOCK_SORTS = ['name', 'sales'] as const;
export type StockSort = (typeof STOCK_SORTS)[number];
export const SALES_WINDOW_DAYS = 30;

/** Where a pack's stock stands, as the stock screen marks it and its views choose. */
export function packStockLevel(pack: {
  inventory: number;
  alwaysInventory: boolean;
}): 'always' | 'out' | 'low' | 'plenty' {
  if (pack.alwaysInventory) return 'always';
  if (pack.inventory <= 0) return 'out';
  return pack.inventory <= STOCK_RUNNING_LOW ? 'low' : 'plenty';
}

export type PackProblem =
  | 'PriceNotPositive'
  | 'PriceAboveMrp'
  | 'PriceTooHigh'
  | 'StockNegative'
  | 'BarcodeInvalid';

/**
 * The first thing wrong with a pack's price, MRP, stock and barcode as they would be after a change,
 * or null. Selling above the printed MRP is unlawful in India (Legal Metrology (Packaged Commodities)
 * Rules), and a price of nothing is a slip.
 */
export function packProblem(pack: {
  pricePaise: number;
  mrpPaise: number;
  inventory: number;
  barcode?: string | null;
}): PackProblem | null {
  if (!(pack.pricePaise > 0) || !(pack.mrpPaise > 0)) return 'PriceNotPositive';
  if (pack.pricePaise > MAX_PACK_PRICE_PAISE || pack.mrpPaise > MAX_PACK_PRICE_PAISE) return 'PriceTooHigh';
  if (pack.pricePaise > pack.mrpPaise) return 'PriceAboveMrp';
  if (pack.inventory < 0) return 'StockNegative';
  if (pack.barcode && !isValidEan13(normaliseBarcode(pack.barcode))) return 'BarcodeInvalid';
  return null;
}

/** Paise as rupees to type over: "45", "45.50" (the inverse of `paiseFromRupees`). */
export function rupeesInput(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

/** Rupees as a shop types them ("45", "45.50", "₹1,200") in paise; NaN for anything else. */
export function paiseFromRupees(input: string): number {
  const cleaned = input.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}
