import type { CartCheckItem } from '@petti/shared/schemas/cart';
import type { OrderLineInput } from '@petti/shared/schemas/orders';
import type { DbOrTx } from '../../db/client.ts';
import type { Localized } from '../../db/columns.ts';
import type { OrderLedger } from '../money/index.ts';
import type { SellerRow } from '../sellers/index.ts';

/** A cart line as the cart validation re-read it (prices, stock and flags from the catalog now). */
export interface ValidatedLine {
  vrntId: string;
  productId: string;
  sellerId: string;
  name: Localized;
  quantity: number;
  unitPricePaise: number;
  mrpPaise: number;
  /** GST inside this line's total (unit price × quantity), as the validation worked it out. */
  taxPaise: number;
  /** The product's GST rate. */
  taxPercent: number;
  hazardous: boolean;
  alwaysInventory: boolean;
  /** The product's picture, shown beside the line. */
  image: string | null;
}

export interface CartCheck {
  /** Per item, as `POST /api/cart/validate` answers it. */
  items: CartCheckItem[];
  sellerId: string | null;
  lines: ValidatedLine[];
  priceChanged: boolean;
  ok: boolean;
}

/** The cart feature's validation (features/cart/validate.ts), adapted in feature.ts. */
export type CartValidator = (
  tx: DbOrTx,
  items: OrderLineInput[],
  now: Date,
  options?: { whenShopOpens?: boolean; sellers?: readonly SellerRow[] },
) => Promise<CartCheck>;

export interface RangeSeller {
  id: string;
  lat: number;
  lng: number;
  rangeKm: number;
}

/**
 * The range check through the distance provider (platform/distance): throws AddressLongDistance /
 * LockerLongDistance when the destination is out of range; answers the road distance in metres.
 */
export type RangeChecker = (input: {
  seller: RangeSeller;
  destination: { lat: number; lng: number };
  kind: 'address' | 'locker';
}) => Promise<{ metres: number }>;

/** The money journal's figures per order (features/money): a shop's money report is read from them. */
export type OrderLedgerReader = (q: DbOrTx, orderIds: readonly string[]) => Promise<Map<string, OrderLedger>>;
