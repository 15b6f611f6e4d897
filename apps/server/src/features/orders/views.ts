import type { Payment } from '@petti/shared';
import type { Order } from '@petti/shared/schemas/orders';
import { asc, inArray } from 'drizzle-orm';
import { type DbOrTx, inTurn } from '../../db/client.ts';
import { knownOrRead } from '../../db/known-rows.ts';
import type { SellerRow } from '../sellers/index.ts';
import type { OrdersDeps } from './deps.ts';
import { type OrderRow, orderItems, orderStateLog } from './schema.ts';

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

type ViewDeps = Pick<OrdersDeps, 'sellers' | 'lockers' | 'payments' | 'parcels' | 'images'>;

/** Orders as the app sees them, with everything a screen needs, loaded in one query per source. */
/** Rows the caller has already read, so they are not read again. */
export interface KnownRows {
  sellers?: readonly SellerRow[];
}

export async function toOrders(
  deps: ViewDeps,
  q: DbOrTx,
  rows: OrderRow[],
  known: KnownRows = {},
): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const sellerIds = [...new Set(rows.map((r) => r.sellerId))];
  const siteIds = [...new Set(rows.flatMap((r) => (r.siteId ? [r.siteId] : [])))];
  const bookingIds = rows.flatMap((r) => (r.parcelBookingId ? [r.parcelBookingId] : []));
  const paymentIds = rows.flatMap((r) => (r.paymentId ? [r.paymentId] : []));
  // In turn inside a transaction (its one connection), side by side on the pool.
  const [items, log, sellerRows, siteRows, parcelBy, paymentRows] = await inTurn(q, [
    () => q.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.vrntId)),
    () =>
      q
        .select()
        .from(orderStateLog)
        .where(inArray(orderStateLog.orderId, ids))
        .orderBy(asc(orderStateLog.seq)),
    () => knownOrRead(known.sellers, sellerIds, (ids) => deps.sellers.rows(q, ids)),
    () => deps.lockers.siteNames(q, siteIds),
    () => deps.parcels.summaries(q, bookingIds),
    () => deps.payments.summaries(q, paymentIds),
  ] as const);
  const group = <T extends { orderId: string }>(xs: T[]) => {
    const m = new Map<string, T[]>();
    for (const x of xs) m.set(x.orderId, [...(m.get(x.orderId) ?? []), x]);
    return m;
  };
  const images = await deps.images(
    q,
    items.map((i) => i.productId),
  );
  const itemsBy = group(items);
  const logBy = group(log);
  const sellerBy = new Map(sellerRows.map((s) => [s.id, s]));
  const siteBy = new Map(siteRows.map((s) => [s.id, s]));
  const paymentBy = new Map(paymentRows.map((p) => [p.id, p]));

  return rows.map((o) => {
    const seller = sellerBy.get(o.sellerId);
    const site = o.siteId ? siteBy.get(o.siteId) : undefined;
    const parcel = o.parcelBookingId ? parcelBy.get(o.parcelBookingId) : undefined;
    const pay = o.paymentId ? paymentBy.get(o.paymentId) : undefined;
    return {
      id: o.id,
      state: o.state,
      sellerId: o.sellerId,
      seller: {
        id: o.sellerId,
        brandName: seller?.brandName ?? o.sellerId,
        brandNameTa: seller?.brandNameTa ?? null,
        phone: seller?.phone ?? null,
        address: seller?.address ?? null,
        lat: seller?.lat ?? null,
        lng: seller?.lng ?? null,
      },
      deliveryType: o.deliveryType,
      address: o.address ?? null,
      site: site ? { id: site.id, name: site.name, lat: site.lat, lng: site.lng } : null,
      vehicleNo: o.vehicleNo,
      alternatePickup: o.alternatePickup ?? null,
      checkin: {
        onMyWayAt: iso(o.onMyWayAt),
        arrivedAt: iso(o.arrivedAt),
        bay: o.bay,
        landmark: o.landmark,
      },
      items: (itemsBy.get(o.id) ?? []).map((i) => ({
        vrntId: i.vrntId,
        productId: i.productId,
        name: i.name,
        image: images.get(i.productId) ?? null,
        quantity: i.quantity,
        unitPricePaise: i.unitPricePaise,
        mrpPaise: i.mrpPaise,
        taxPaise: i.taxPaise,
        hazardous: i.hazardous,
      })),
      price: o.price,
      holdExpiresAt: o.state === 'awaiting_payment' ? iso(o.holdExpiresAt) : null,
      scheduledFor: iso(o.scheduledFor),
      // The PIN only while the parcel waits in its locker; it changes after each open (lockers' rule).
      pickup: parcel?.locker
        ? {
            siteId: parcel.siteId,
            locker: parcel.locker,
            size: parcel.size,
            pin: o.state === 'in_locker' ? parcel.pin : null,
            expiresAt: parcel.endsAt.toISOString(),
          }
        : null,
      timeline: (logBy.get(o.id) ?? []).map((l) => ({
        state: l.state,
        at: l.at.toISOString(),
        note: l.note,
      })),
      payment: (o.payment as Payment | null) ?? null,
      paymentStatus: pay?.status ?? null,
      refundedPaise: pay?.refundedPaise ?? 0,
      cancelReason: o.cancelReason,
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
    };
  });
}

/** One order as the app sees it. */
export async function toOrder(
  deps: ViewDeps,
  q: DbOrTx,
  row: OrderRow,
  known: KnownRows = {},
): Promise<Order> {
  const [order] = await toOrders(deps, q, [row], known);
  return order!;
}
