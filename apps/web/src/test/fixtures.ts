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
    closedToday: false,
    nextOpensAt: null,
    schedule: { week: null, closedDates: [] },
    gstin: null,
    fssai: null,
    modes: ['home'],
    phone: null,
    rating: null,
    image_url: null,
    distanceM: 900,
    inRange: true,
    ...over,
  };
}

/** One delivery-cart product of Anand Sweets (a 250 g pack), as `cartStore.add` takes it. */
export function cartLineFixture(vrntId: string, name: string, productPrice: number) {
  return {
    unitValue: 250,
    name: { en: name, ta: name },
    image_url: null,
    unit: 'g',
    slrId: 'anand',
    prdtId: `p-${vrntId}`,
    vrntId,
    tciId: 'sweets',
    productPrice,
    marketPrice: productPrice,
    inventory: 20,
    alwaysInventory: false,
  };
}

/** POST /api/orders/quote's answer for a two-line Anand Sweets cart delivered home. */
export const quoteFixture = {
  sellerId: 'anand',
  deliveryType: 'home',
  lines: [],
  price: {
    currency: 'INR',
    itemsPaise: 24000,
    mrpPaise: 28000,
    savingsPaise: 4000,
    deliveryKm: 2,
    deliveryFeeBeforeWaiverPaise: 3200,
    deliveryFeePaise: 3200,
    deliveryWaived: false,
    smallCartFeePaise: 0,
    packagingFeePaise: 500,
    totalPaise: 27700,
    taxPaise: 1200,
    itemsTaxPaise: 1000,
    feesTaxPaise: 200,
  },
  paymentMethods: ['upi', 'card'],
};
