import {
  type PackProblem,
  packProblem,
  paiseFromRupees,
  rupeesInput,
} from '@petti/shared/rules/shop-catalog';

/**
 * A pack's fields as a shop types them (rupees as text, stock as text) and what they mean in paise,
 * judged by the same rule the server applies (rules/shop-catalog.ts), so the form says what is wrong
 * before anything is sent.
 */
export interface PackDraft {
  price: string;
  mrp: string;
  stock: string;
  alwaysInventory: boolean;
  barcode: string;
}

export type PackDraftProblem = PackProblem | 'notANumber';

export interface ReadPack {
  pricePaise: number;
  mrpPaise: number;
  inventory: number;
  alwaysInventory: boolean;
  barcode: string | null;
}

export function draftOf(pack: ReadPack): PackDraft {
  return {
    price: rupeesInput(pack.pricePaise),
    mrp: rupeesInput(pack.mrpPaise),
    stock: String(pack.inventory),
    alwaysInventory: pack.alwaysInventory,
    barcode: pack.barcode ?? '',
  };
}

/** The pack a draft describes, or the first thing wrong with it. */
export function readDraft(draft: PackDraft): { pack: ReadPack } | { problem: PackDraftProblem } {
  const pricePaise = paiseFromRupees(draft.price);
  const mrpPaise = paiseFromRupees(draft.mrp);
  const stockText = draft.stock.trim();
  const inventory = /^-?\d+$/.test(stockText) ? Number(stockText) : Number.NaN;
  if (Number.isNaN(pricePaise) || Number.isNaN(mrpPaise) || Number.isNaN(inventory))
    return { problem: 'notANumber' };
  const barcode = draft.barcode.replace(/[\s-]/g, '') || null;
  const pack = { pricePaise, mrpPaise, inventory, alwaysInventory: draft.alwaysInventory, barcode };
  const problem = packProblem(pack);
  return problem ? { problem } : { pack };
}
