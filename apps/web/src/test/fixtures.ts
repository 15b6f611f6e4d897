import type { Seller } from '@petti/shared/schemas/catalog';
import type { Order } from '@petti/shared/schemas/orders';
import type { Plan, Subscription } from '@petti/shared/schemas/payments';

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

/** A paid home-delivery order from Gokulam Dairy (two bottles of milk), for component tests. */
export function orderFixture(over: Partial<Order> = {}): Order {
  const at = new Date(Date.now() - 6 * 60_000).toISOString();
  return {
    id: 'order-0001abcde',
    state: 'placed',
    sellerId: 'gokulam-dairy',
    seller: {
      id: 'gokulam-dairy',
      brandName: 'Gokulam Dairy',
      brandNameTa: null,
      phone: null,
      address: null,
      lat: null,
      lng: null,
      gstin: null,
      fssai: null,
    },
    deliveryType: 'home',
    address: {
      id: 'a',
      label: 'Home',
      line1: '7 Paraipatti Street',
      line2: null,
      landmark: null,
      lat: 9.46,
      lng: 77.8,
    },
    site: null,
    vehicleNo: null,
    alternatePickup: null,
    notes: null,
    invoiceNo: '26-27/000007',
    checkin: { onMyWayAt: null, arrivedAt: null, bay: null, landmark: null },
    items: [
      {
        vrntId: 'milk-500',
        productId: 'milk',
        name: { en: 'Toned milk', ta: 'பால்' },
        image: null,
        quantity: 2,
        unitPricePaise: 2000,
        mrpPaise: 2000,
        taxPaise: 0,
        taxPercent: 0,
        hazardous: false,
        unavailableQuantity: 0,
      },
    ],
    substitutions: [],
    price: {
      currency: 'INR',
      itemsPaise: 4000,
      mrpPaise: 4000,
      savingsPaise: 0,
      deliveryKm: 1,
      deliveryFeeBeforeWaiverPaise: 4000,
      deliveryFeePaise: 4000,
      deliveryWaived: false,
      smallCartFeePaise: 0,
      packagingFeePaise: 600,
      totalPaise: 8600,
      taxPaise: 0,
      itemsTaxPaise: 0,
      feesTaxPaise: 0,
    },
    holdExpiresAt: null,
    scheduledFor: null,
    readyBy: null,
    deliveryCode: null,
    proofPhoto: null,
    pickup: null,
    timeline: [],
    payment: null,
    paymentStatus: 'captured',
    refundedPaise: 0,
    cancelReason: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

/** The Locker Lite plan as GET /api/plans answers it, for component and unit tests. */
export const planFixture = (over: Partial<Plan> = {}): Plan => ({
  id: 'locker-lite',
  name: { en: 'Locker Lite', ta: 'லாக்கர் லைட்' },
  description: { en: '', ta: '' },
  kind: 'locker',
  pricePaise: 9900,
  taxPaise: 1510,
  gstPercent: 18,
  periodDays: 30,
  lockerHours: 10,
  sizes: ['S', 'M'],
  waitlistPriority: false,
  freeDeliveryOverPaise: null,
  ...over,
});

/** A paid, running subscription to `planFixture()`, 4 of its 10 hours used. */
export const subscriptionFixture = (over: Partial<Subscription> = {}): Subscription => ({
  id: 'sub-1',
  planId: 'locker-lite',
  plan: planFixture(),
  kind: 'locker',
  status: 'active',
  startsAt: '2026-11-20T00:00:00Z',
  endsAt: '2026-12-20T06:30:00Z',
  lockerHours: 10,
  lockerHoursUsed: 4,
  lockerHoursLeft: 6,
  deliveriesUsed: 0,
  pricePaise: 9900,
  paymentId: 'p1',
  pause: null,
  autoRenew: null,
  createdAt: '2026-11-20T00:00:00Z',
  ...over,
});
