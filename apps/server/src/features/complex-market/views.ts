import type { ComplexOrder, Listing } from '@petti/shared/schemas/complex';
import type { Localized } from '../../db/columns.ts';
import { toPhoto } from './photos.ts';
import type { ComplexOrderRow, ListingRow } from './schema.ts';

export interface People {
  names: Map<string, { name: string | null; phone: string | null }>;
  flats: Map<string, string>;
}

const nameOf = (p: People, id: string) => p.names.get(id)?.name ?? '—';
const flatOf = (p: People, id: string) => p.flats.get(id) ?? '—';

export function toListing(row: ListingRow, people: People, viewerId: string): Listing {
  return {
    id: row.id,
    complexId: row.complexId,
    sellerId: row.sellerId,
    sellerName: nameOf(people, row.sellerId),
    sellerFlat: flatOf(people, row.sellerId),
    title: row.title,
    description: row.description,
    categoryId: row.categoryId,
    pricePaise: row.pricePaise,
    quantity: row.quantity,
    condition: row.condition,
    handover: row.handover,
    hazardous: row.hazardous,
    status: row.status,
    hidden: row.hiddenAt !== null,
    photos: row.photoIds.map(toPhoto),
    mine: row.sellerId === viewerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface LockerView {
  siteName: Localized;
  locker: string | null;
  pin: string | null;
  userId: string;
  endsAt: Date;
}

export function toComplexOrder(
  row: ComplexOrderRow,
  people: People,
  viewerId: string,
  extra: { payment: ComplexOrder['payment']; locker: LockerView | null },
): ComplexOrder {
  const role = row.sellerId === viewerId ? 'seller' : 'buyer';
  const l = extra.locker;
  return {
    id: row.id,
    complexId: row.complexId,
    listingId: row.listingId,
    title: row.title,
    photo: row.photoId ? toPhoto(row.photoId) : null,
    role,
    buyerName: nameOf(people, row.buyerId),
    buyerFlat: flatOf(people, row.buyerId),
    sellerName: nameOf(people, row.sellerId),
    sellerFlat: flatOf(people, row.sellerId),
    quantity: row.quantity,
    unitPricePaise: row.unitPricePaise,
    totalPaise: row.totalPaise,
    handover: row.handover,
    state: row.state,
    payment: extra.payment,
    locker:
      l && row.siteId
        ? {
            siteId: row.siteId,
            siteName: l.siteName,
            locker: l.locker,
            // The PIN is shown only to the side holding the locker now: the seller to drop, the buyer to collect.
            pin: l.userId === viewerId ? l.pin : null,
            until: l.endsAt.toISOString(),
          }
        : null,
    confirmsAt: row.confirmsAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    paidOutAt: role === 'seller' ? (row.paidOutAt?.toISOString() ?? null) : null,
    timeline: row.timeline,
    createdAt: row.createdAt.toISOString(),
  };
}
