import { createHash } from 'node:crypto';
import { deliveryFee, type OrderPrice, priceOrder } from '@petti/shared/rules/order-pricing';
import { isShopOpenAt, nextShopOpeningAt } from '@petti/shared/rules/shop-hours';
import { cartCheckMessage } from '@petti/shared/schemas/cart';
import type { OrderDeliveryType, PlaceOrderBody, QuoteOrderBody } from '@petti/shared/schemas/orders';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { assertPayable, sellerClosedError } from '../cart/index.ts';
import { type SellerRow, scheduleOf } from '../sellers/index.ts';
import type { OrdersDeps } from './deps.ts';
import type { ValidatedLine } from './ports.ts';
import type { AddressSnapshot } from './schema.ts';

/**
 * Whether placing an order measures a road distance: to a home or a parcel locker's site, never for
 * curbside pickup at the shop's own kerb.
 */
const measuresDistance = (deliveryType: OrderDeliveryType): boolean => deliveryType !== 'curbside';

/** What an order is for, worked out from the catalog, the destination and the rules. */
export interface Prepared {
  seller: SellerRow;
  lines: ValidatedLine[];
  price: OrderPrice;
  address: AddressSnapshot | null;
  site: { id: string; name: { en: string; ta: string } } | null;
  deliveryPassId: string | null;
  /** Road metres to the destination (null for curbside), as the range check measured them. */
  distanceMetres: number | null;
  /** Ordered while the shop is closed: it accepts the order from its next opening. */
  scheduledFor: Date | null;
}

/** A validated cart line as an order shows it (quote) and keeps it (order_items). */
export function orderLineOf(l: ValidatedLine) {
  return {
    vrntId: l.vrntId,
    productId: l.productId,
    name: l.name,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
    mrpPaise: l.mrpPaise,
    taxPaise: l.taxPaise,
    taxPercent: l.taxPercent,
    hazardous: l.hazardous,
  };
}

/** The request, reduced to what decides the order: a repeated key with another body is refused. */
export function requestHash(body: PlaceOrderBody): string {
  const canonical = {
    sellerId: body.sellerId,
    items: [...body.items]
      .sort((a, b) => (a.vrntId < b.vrntId ? -1 : 1))
      .map((i) => [i.vrntId, i.quantity, i.productPrice]),
    deliveryType: body.deliveryType,
    addressId: body.addressId ?? null,
    siteId: body.siteId ?? null,
    vehicleNo: body.vehicleNo ?? null,
    alternatePickup: body.alternatePickup ?? null,
    // Only when there is one, so that a request made before notes existed keeps its hash.
    ...(body.notes ? { notes: body.notes } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** Another order took the last units of `vrntId` between the check and the take. */
export function outOfStockError(lines: readonly ValidatedLine[], vrntId: string): AppError {
  return new AppError('cartItemsError', undefined, {
    details: {
      items: lines.map((l) => {
        const m = cartCheckMessage(l.vrntId === vrntId ? 'outOfStock' : 'ok');
        return { vrntId: l.vrntId, status: l.vrntId === vrntId ? 'BAD' : 'OK', message: m.en, messages: m };
      }),
    },
  });
}

/**
 * Re-reads the cart, the seller and the destination and prices the order
 * (docs/product.md#placing-an-order). Refusals, in order: unknown seller or destination (404), a
 * mode the seller does not serve, BAD lines (`cartItemsError` with the per-item list), a changed
 * price (`PaymentUpdatedException`), hazardous goods to a locker, a site that takes no parcels, out
 * of range. The range check may call a distance service over the network: no caller holds a
 * transaction open around it.
 */
export function createPrepare(deps: OrdersDeps) {
  const { clock } = deps;

  return async function prepare(q: DbOrTx, userId: string, body: QuoteOrderBody): Promise<Prepared> {
    const [seller] = await deps.sellers.rows(q, [body.sellerId]);
    if (!seller) throw notFound('shop');
    // Switched off by an operator (docs/shops.md#roles): nothing can be ordered there.
    if (!seller.active)
      throw new AppError('SellerUnavailable', undefined, { details: { sellerId: seller.id } });
    if (!seller.modes.includes(body.deliveryType)) {
      throw new AppError('DeliveryTypeNotOffered', undefined, {
        details: { deliveryType: body.deliveryType, modes: seller.modes },
      });
    }
    let address: AddressSnapshot | null = null;
    let site: Prepared['site'] = null;
    let destination: { lat: number; lng: number } | null = null;
    if (body.deliveryType === 'home') {
      address = await deps.addresses.snapshot(q, userId, body.addressId!);
      if (!address) throw notFound('address');
      destination = { lat: address.lat, lng: address.lng };
    } else if (body.deliveryType === 'locker') {
      const s = await deps.lockers.parcelSite(q, body.siteId!);
      if (!s) throw notFound('lockerSite');
      if (!s.acceptsParcels)
        throw new AppError('SiteNotAcceptingParcels', undefined, { details: { siteId: s.id } });
      if (s.type === 'complex_lockers') {
        // A complex's lockers take parcels for its residents only (as its bookings do).
        const complexId = await deps.users.complexOf(q, userId);
        if (!complexId || complexId !== s.complexId)
          throw new AppError('UserNotEnable', undefined, { details: { siteId: s.id } });
      }
      site = { id: s.id, name: s.name };
      destination = { lat: s.lat, lng: s.lng };
    }

    const now = clock.now();
    const schedule = scheduleOf(seller);
    const open = isShopOpenAt(schedule, now);
    const check = await deps.validateCart(q, body.items, now, {
      whenShopOpens: body.whenShopOpens,
      sellers: [seller],
    });
    // A shut shop is about the whole cart, as grab-and-go and the validate route say it.
    const closed = sellerClosedError(check);
    if (closed) throw closed;
    assertPayable(check, seller.id);
    if (body.deliveryType === 'locker' && check.lines.some((l) => l.hazardous)) {
      throw new AppError('HazardousNotToLocker', undefined, {
        details: { vrntIds: check.lines.filter((l) => l.hazardous).map((l) => l.vrntId) },
      });
    }
    let distanceMetres: number | null = null;
    if (destination && measuresDistance(body.deliveryType)) {
      const r = await deps.checkRange({
        seller: { id: seller.id, lat: seller.lat, lng: seller.lng, rangeKm: seller.rangeKm },
        destination,
        kind: body.deliveryType === 'home' ? 'address' : 'locker',
      });
      distanceMetres = r.metres;
    }
    const fees = await deps.plans.deliveryFees(q);
    // A Delivery Pass only ever waives a delivery fee: with none to waive (curbside) it is not read.
    const pass =
      deliveryFee(fees, body.deliveryType, distanceMetres).feePaise > 0
        ? await deps.plans.activeFor(q, userId, 'delivery', clock.now())
        : null;
    const over = pass?.plan.freeDeliveryOverPaise;
    const price = priceOrder({
      lines: check.lines,
      deliveryType: body.deliveryType,
      distanceMetres,
      fees,
      deliveryPass: over != null ? { freeDeliveryOverPaise: over } : null,
    });
    return {
      seller,
      lines: check.lines,
      price,
      address,
      site,
      deliveryPassId: price.deliveryWaived ? (pass?.subscription.id ?? null) : null,
      distanceMetres,
      // The cart check above refused a shop with no opening ahead, so there is one here.
      scheduledFor: open ? null : nextShopOpeningAt(schedule, now),
    };
  };
}

export type Prepare = ReturnType<typeof createPrepare>;
