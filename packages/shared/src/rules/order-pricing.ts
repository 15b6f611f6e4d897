import { gstIncluded } from './money.ts';

/**
 * The all-in price of an order before paying (docs/product.md#order-price): every fee is
 * itemised here, so the app shows exactly what the server will charge and nothing appears later.
 * Amounts are integer paise and include GST; `taxPaise` is the GST inside the total.
 * There is no cash on delivery: every order is paid online before it is placed.
 */

export const DELIVERY_TYPES = ['home', 'locker', 'curbside'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** The delivery fee rules (seeded `delivery_fees`, row `default`). */
export interface DeliveryFeeRules {
  baseFeePaise: number;
  perKmPaise: number;
  smallCartThresholdPaise: number;
  smallCartFeePaise: number;
  packagingFeePaise: number;
}

/** Fees are services: GST 18 %, included in the fee as product prices include theirs. */
export const FEE_GST_PERCENT = 18;

export interface PricedLine {
  unitPricePaise: number;
  mrpPaise: number;
  quantity: number;
  /** GST rate of the product (0, 5, 12, 18…); the price includes it. */
  taxPercent: number;
}

export interface OrderPriceInput {
  lines: readonly PricedLine[];
  deliveryType: DeliveryType;
  /** Road distance seller → destination in metres (home, locker); ignored for curbside. */
  distanceMetres: number | null;
  fees: DeliveryFeeRules;
  /** The buyer's active Delivery Pass, if any. */
  deliveryPass: { freeDeliveryOverPaise: number } | null;
}

export interface OrderPrice {
  currency: 'INR';
  /** Σ price × quantity. */
  itemsPaise: number;
  /** Σ MRP × quantity. */
  mrpPaise: number;
  /** Σ (MRP − price) × quantity. */
  savingsPaise: number;
  /** Whole kilometres charged (distance rounded up); 0 for curbside. */
  deliveryKm: number;
  /** What delivery would cost without the pass. */
  deliveryFeeBeforeWaiverPaise: number;
  /** Charged: 0 when the Delivery Pass waives it. */
  deliveryFeePaise: number;
  deliveryWaived: boolean;
  smallCartFeePaise: number;
  packagingFeePaise: number;
  /** What is paid: items + delivery + small-cart + packaging. */
  totalPaise: number;
  /** GST inside the total: the items' GST plus the fees' GST. */
  taxPaise: number;
  itemsTaxPaise: number;
  feesTaxPaise: number;
}

function wholePaise(name: string, v: number): void {
  if (!Number.isInteger(v) || v < 0) throw new RangeError(`${name} must be whole paise, not ${v}`);
}

/** The delivery fee for a distance: the base fee plus each started kilometre. Curbside has none. */
export function deliveryFee(
  fees: DeliveryFeeRules,
  deliveryType: DeliveryType,
  distanceMetres: number | null,
): { km: number; feePaise: number } {
  if (deliveryType === 'curbside') return { km: 0, feePaise: 0 };
  if (distanceMetres === null || !Number.isFinite(distanceMetres) || distanceMetres < 0)
    throw new RangeError('a delivery needs the distance in metres');
  const km = Math.ceil(distanceMetres / 1000);
  return { km, feePaise: fees.baseFeePaise + km * fees.perKmPaise };
}

/**
 * The itemised price. Rules:
 * - delivery (home and locker drop): base fee + per started km; curbside: none;
 * - an active Delivery Pass waives the delivery fee when the items come to at least its threshold;
 * - small-cart fee when the items come to less than the threshold;
 * - packaging on every order;
 * - GST is inside every amount: products at their own rate, fees at 18 %.
 */
export function priceOrder(input: OrderPriceInput): OrderPrice {
  let itemsPaise = 0;
  let mrpPaise = 0;
  let itemsTaxPaise = 0;
  for (const l of input.lines) {
    wholePaise('unitPricePaise', l.unitPricePaise);
    wholePaise('mrpPaise', l.mrpPaise);
    if (!Number.isInteger(l.quantity) || l.quantity <= 0) throw new RangeError('quantity must be positive');
    const line = l.unitPricePaise * l.quantity;
    itemsPaise += line;
    mrpPaise += Math.max(l.mrpPaise, l.unitPricePaise) * l.quantity;
    itemsTaxPaise += gstIncluded(line, l.taxPercent);
  }
  const { fees } = input;
  const delivery = deliveryFee(fees, input.deliveryType, input.distanceMetres);
  const waived =
    delivery.feePaise > 0 &&
    input.deliveryPass !== null &&
    itemsPaise >= input.deliveryPass.freeDeliveryOverPaise;
  const deliveryFeePaise = waived ? 0 : delivery.feePaise;
  const smallCartFeePaise = itemsPaise < fees.smallCartThresholdPaise ? fees.smallCartFeePaise : 0;
  const packagingFeePaise = fees.packagingFeePaise;
  const feesPaise = deliveryFeePaise + smallCartFeePaise + packagingFeePaise;
  const feesTaxPaise = gstIncluded(feesPaise, FEE_GST_PERCENT);
  return {
    currency: 'INR',
    itemsPaise,
    mrpPaise,
    savingsPaise: mrpPaise - itemsPaise,
    deliveryKm: delivery.km,
    deliveryFeeBeforeWaiverPaise: delivery.feePaise,
    deliveryFeePaise,
    deliveryWaived: waived,
    smallCartFeePaise,
    packagingFeePaise,
    totalPaise: itemsPaise + feesPaise,
    taxPaise: itemsTaxPaise + feesTaxPaise,
    itemsTaxPaise,
    feesTaxPaise,
  };
}

/**
 * The parcel-locker size an order needs, from its number of units: a rough fit the shop can
 * override by dropping into a larger free locker (the server tries larger sizes when this is full).
 */
export function parcelSizeFor(units: number): 'S' | 'M' | 'L' | 'XL' {
  if (units <= 3) return 'S';
  if (units <= 10) return 'M';
  if (units <= 20) return 'L';
  return 'XL';
}
