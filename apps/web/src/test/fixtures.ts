import type { Seller } from '@petti/shared/schemas/catalog';

/** A shop as GET /api/sellers answers it, open and in range, for component tests. */
export function sellerFixture(over: Partial<Seller> & Pick<Seller, 'id' | 'brandName'>): Seller {
  return {
    brandNameTa: null,
    categoryId: 'sweets',
    description: null,
    address: 'Main Bazaar',
    lat: 9.45,
    lng: 77.8,
    sellerRange: { dis: 5 },
    hours: { open: '08:00', close: '21:00' },
    openNow: true,
    modes: ['home'],
    phone: null,
    rating: null,
    image_url: null,
    distanceM: 900,
    inRange: true,
    ...over,
  };
}
