import type { Payment } from '@petti/shared';
import type { Order } from '@petti/shared/schemas/orders';
import { asc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { knownOrRead } from '../../db/known-rows.ts';
import { sideBySide } from '../../db/together.ts';
import type { PaymentSummary } from '../payments/index.ts';
import type { SellerRow } from '../sellers/index.ts';
import type { OrdersDeps } from './deps.ts';
import { toProofPhoto } from './proof-photos.ts';
import {
  type OrderItemRow,
  type OrderRow,
  type OrderStateLogRow,
  orderItems,
  orderStateLog,
  orderSubstitutions,
} from './schema.ts';

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

type ViewDeps = Pick<OrdersDeps, 'sellers' | 'lockers' | 'payments' | 'parcels' | 'images'>;

/** Rows the caller has already read or written, so they are not read again. */
export interface KnownRows {
  sellers?: readonly SellerRow[];
  /**
   * Everything else of the orders a flow has just written (placing one): their lines, timelines,
   * payments and the lines' pictures, as it wrote them (docs/performance.md#orders).
   */
  written?: {
    items: readonly OrderItemRow[];
    log: readonly OrderStateLogRow[];
    payments: readonly PaymentSummary[];
    images: ReadonlyMap<string, string | null>;
  };
}

/** Orders as the app sees them, with everything a screen needs, loaded in one query per source. */
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
  const { written } = known;
  const [items, log, sellerRows, siteRows, parcelBy, paymentRows, subs] = await sideBySide([
    // Lines by variant id in code-point order, in SQL (`collate "C"`, whatever the database's own
    // collation) and here alike, so a placed order lists its lines as every later read of it does.
    async () =>
      written
        ? [...written.items].sort((a, b) => (a.vrntId < b.vrntId ? -1 : a.vrntId > b.vrntId ? 1 : 0))
        : q
            .select()
            .from(orderItems)
            .where(inArray(orderItems.orderId, ids))
            .orderBy(sql`${orderItems.vrntId} collate "C"`),
    async () =>
      written
        ? [...written.log].sort((a, b) => a.seq - b.seq)
        : q
            .select()
            .from(orderStateLog)
            .where(inArray(orderStateLog.orderId, ids))
            .orderBy(asc(orderStateLog.seq)),
    () => knownOrRead(known.sellers, sellerIds, (ids) => deps.sellers.rows(q, ids)),
    () => deps.lockers.siteNames(q, siteIds),
    () => deps.parcels.summaries(q, bookingIds),
    async () => written?.payments ?? deps.payments.summaries(q, paymentIds),
    // A placed order has none yet; the shop offers them later.
    async () =>
      written
        ? []
        : q
            .select()
            .from(orderSubstitutions)
            .where(inArray(orderSubstitutions.orderId, ids))
            .orderBy(asc(orderSubstitutions.offeredAt)),
  ] as const);
  const group = <T extends { orderId: string }>(xs: readonly T[]) => {
    const m = new Map<string, T[]>();
    for (const x of xs) m.set(x.orderId, [...(m.get(x.orderId) ?? []), x]);
    return m;
  };
  const images =
    written?.images ??
    (await deps.images(q, [...items.map((i) => i.productId), ...subs.map((s) => s.substituteProductId)]));
  const subsBy = group(subs);
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
        gstin: seller?.gstin ?? null,
        fssai: seller?.fssai ?? null,
      },
      deliveryType: o.deliveryType,
      address: o.address ?? null,
      site: site ? { id: site.id, name: site.name, lat: site.lat, lng: site.lng } : null,
      vehicleNo: o.vehicleNo,
      alternatePickup: o.alternatePickup ?? null,
      notes: o.notes ?? null,
      invoiceNo: o.invoiceNo ?? null,
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
        taxPercent: i.taxPercent,
        hazardous: i.hazardous,
        unavailableQuantity: i.unavailableQuantity,
      })),
      substitutions: (subsBy.get(o.id) ?? []).map((sub) => ({
        id: sub.id,
        vrntId: sub.vrntId,
        quantity: sub.quantity,
        substitute: {
          vrntId: sub.substituteVrntId,
          productId: sub.substituteProductId,
          name: sub.substituteName,
          unitPricePaise: sub.unitPricePaise,
          taxPercent: sub.taxPercent,
          image: images.get(sub.substituteProductId) ?? null,
        },
        status: sub.status,
        expiresAt: sub.expiresAt.toISOString(),
      })),
      price: o.price,
      holdExpiresAt: o.state === 'awaiting_payment' ? iso(o.holdExpiresAt) : null,
      scheduledFor: iso(o.scheduledFor),
      readyBy: iso(o.readyBy),
      deliveryCode: o.state === 'out_for_delivery' ? o.deliveryCode : null,
      proofPhoto: o.proofPhotoId ? toProofPhoto(o.proofPhotoId) : null,
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
