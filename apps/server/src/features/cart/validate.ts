import { toPaise } from '@petti/shared/rules/cart';
import { gstIncluded } from '@petti/shared/rules/money';
import { isShopOpenAt, nextShopOpeningAt, openingText } from '@petti/shared/rules/shop-hours';
import {
  type CartCheckItem,
  type CartCheckReason,
  type CartLineInput,
  cartCheckMessage,
} from '@petti/shared/schemas/cart';
import type { DbOrTx } from '../../db/client.ts';
import type { Localized } from '../../db/columns.ts';
import { knownOrRead } from '../../db/known-rows.ts';
import { AppError } from '../../http/app-error.ts';
import { productImageOf, rupees, variantsWithProducts } from '../catalog/index.ts';
import { type SellerRow, scheduleOf, sellerRows } from '../sellers/index.ts';

/** A line that passed validation, priced from the database (never from the request). */
export interface ValidatedLine {
  vrntId: string;
  productId: string;
  sellerId: string;
  name: Localized;
  quantity: number;
  unitPricePaise: number;
  mrpPaise: number;
  /** GST inside this line's total (unit price × quantity). */
  taxPaise: number;
  taxPercent: number;
  hazardous: boolean;
  alwaysInventory: boolean;
  /** The product's picture, as lists show it (an order shows it beside the line). */
  image: string | null;
}

export interface CartValidation {
  /** One answer per requested line, in the request's order. */
  items: CartCheckItem[];
  /** The seller of the first line found; null when no line's variant exists. */
  sellerId: string | null;
  /** The OK lines only (a changed price is still OK: the line is priced at the current price). */
  lines: ValidatedLine[];
  /** Some line's price differs from what the buyer saw: PaymentUpdatedException. */
  priceChanged: boolean;
  /** Every line OK. */
  ok: boolean;
}

/**
 * Re-reads stock, price and the seller's hours for each cart line
 * (docs/product.md#cart-validation). BAD: the variant is gone, another seller's, the shop is closed, out of
 * stock or not enough stock (unless alwaysInventory). A price different from the one sent is OK
 * but sets `priceChanged`. Reads only: an order takes stock itself, atomically, in the same `tx`.
 */
export async function validateCartItems(
  tx: DbOrTx,
  items: readonly CartLineInput[],
  now: Date,
  options: {
    whenShopOpens?: boolean;
    /** Shops' rows the caller read in the same transaction: not read again. */
    sellers?: readonly SellerRow[];
  } = {},
): Promise<CartValidation> {
  const ids = [...new Set(items.map((i) => i.vrntId))];
  const found = await variantsWithProducts(tx, ids);
  const sellerIds = [...new Set(found.map((f) => f.product.sellerId))];
  const sellerBy = new Map(
    (await knownOrRead(options.sellers, sellerIds, (missing) => sellerRows(tx, missing))).map((s) => [
      s.id,
      s,
    ]),
  );
  const rows = found.flatMap((f) => {
    const seller = sellerBy.get(f.product.sellerId);
    return seller ? [{ ...f, seller }] : [];
  });
  const byId = new Map(rows.map((r) => [r.variant.id, r]));
  const sellerId = items.map((i) => byId.get(i.vrntId)?.seller.id).find((s) => s !== undefined) ?? null;

  const answers: CartCheckItem[] = [];
  const lines: ValidatedLine[] = [];
  let priceChanged = false;
  for (const item of items) {
    const row = byId.get(item.vrntId);
    const answer = (
      reason: CartCheckReason,
      params?: Parameters<typeof cartCheckMessage>[1],
    ): CartCheckItem => {
      const messages = cartCheckMessage(reason, params);
      return {
        vrntId: item.vrntId,
        status: reason === 'ok' || reason === 'priceChanged' ? 'OK' : 'BAD',
        message: messages.en,
        messages,
        reason,
        productPrice: row ? rupees(row.variant.pricePaise) : null,
        marketPrice: row ? rupees(row.variant.mrpPaise) : null,
        inventory: row ? row.variant.inventory : null,
        alwaysInventory: row ? row.variant.alwaysInventory : null,
      };
    };
    if (!row) {
      answers.push(answer('unavailable'));
      continue;
    }
    const { variant, product, seller } = row;
    if (seller.id !== sellerId) {
      answers.push(answer('otherSeller'));
      continue;
    }
    // Ordering for when the shop opens (paid now, accepted at opening): its hours are no refusal.
    // A shop shut for longer than the next month cannot take an order for later either.
    const schedule = scheduleOf(seller);
    if (!isShopOpenAt(schedule, now)) {
      const next = nextShopOpeningAt(schedule, now);
      if (!options.whenShopOpens || !next) {
        const time = { en: openingText(next, now, 'en'), ta: openingText(next, now, 'ta') };
        answers.push(answer('shopClosed', { time }));
        continue;
      }
    }
    if (!variant.alwaysInventory && variant.inventory <= 0) {
      answers.push(answer('outOfStock'));
      continue;
    }
    if (!variant.alwaysInventory && variant.inventory < item.quantity) {
      answers.push(answer('notEnoughStock', { n: variant.inventory }));
      continue;
    }
    const changed = toPaise(item.productPrice) !== variant.pricePaise;
    priceChanged ||= changed;
    answers.push(answer(changed ? 'priceChanged' : 'ok', { price: rupees(variant.pricePaise) }));
    lines.push({
      vrntId: variant.id,
      productId: product.id,
      sellerId: seller.id,
      name: product.name,
      quantity: item.quantity,
      unitPricePaise: variant.pricePaise,
      mrpPaise: variant.mrpPaise,
      taxPaise: gstIncluded(variant.pricePaise * item.quantity, variant.taxPercent),
      taxPercent: variant.taxPercent,
      hazardous: product.hazardous,
      alwaysInventory: variant.alwaysInventory,
      image: productImageOf(product),
    });
  }
  return {
    items: answers,
    sellerId,
    lines,
    priceChanged,
    ok: answers.every((a) => a.status === 'OK'),
  };
}

/**
 * A closed shop is about the whole cart, not its lines: removing the lines (what the app does with
 * BAD ones) would lose a cart the buyer can order in the morning. The validate route and order
 * placement answer this 409 SellerClosed instead of the per-line list ('…It opens at 9:00 am.').
 */
export function sellerClosedError(result: Pick<CartValidation, 'items' | 'sellerId'>): AppError | null {
  const closed = result.items.find((i) => i.reason === 'shopClosed');
  if (!closed) return null;
  return new AppError('SellerClosed', closed.message, {
    details: { sellerId: result.sellerId, messages: closed.messages, items: result.items },
  });
}

/**
 * A validated cart about to be paid for, refused as the app expects (docs/product.md#cart-validation):
 * BAD lines → `cartItemsError` with the per-item list; lines of another shop → `Validation`; a changed
 * price → `PaymentUpdatedException` with the list (kept lines priced anew). Orders and grab-and-go both
 * pay through here, so a cart is refused the same way whichever road it takes.
 */
export function assertPayable(
  check: {
    items: ReadonlyArray<{ vrntId: string; status: 'OK' | 'BAD' }>;
    sellerId: string | null;
    ok: boolean;
    priceChanged: boolean;
  },
  sellerId: string,
): void {
  if (check.items.some((i) => i.status === 'BAD') || (!check.ok && !check.priceChanged)) {
    throw new AppError('cartItemsError', undefined, { details: { items: check.items } });
  }
  if (check.sellerId && check.sellerId !== sellerId) {
    throw new AppError('Validation', 'Every item must come from the chosen shop.');
  }
  if (check.priceChanged) {
    throw new AppError('PaymentUpdatedException', undefined, { details: { items: check.items } });
  }
}
