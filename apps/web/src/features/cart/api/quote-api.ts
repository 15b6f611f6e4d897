import { type Cart, cartLines } from '@petti/shared/rules/cart';
import type { OrderQuote, PlaceOrderBody, QuoteOrderBody } from '@petti/shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { deliveryPartOf } from '../checkout-store.ts';

export type DeliveryPart = NonNullable<ReturnType<typeof deliveryPartOf>>;

/** POST /api/orders/quote's body: seller, lines and where to (no vehicle: curbside costs the same). */
export function quoteRequestOf(cart: Cart, delivery: DeliveryPart, whenShopOpens = false): QuoteOrderBody {
  return {
    sellerId: cart.sellerId!,
    items: cartLines(cart),
    deliveryType: delivery.deliveryType,
    ...(delivery.deliveryType === 'home' && { addressId: delivery.addressId }),
    ...(delivery.deliveryType === 'locker' && { siteId: delivery.siteId }),
    // The shop is closed: priced and paid now, accepted when it opens.
    ...(whenShopOpens && { whenShopOpens: true }),
  };
}

/** POST /api/orders's body: the quote's plus the curbside vehicle, who collects and a note for the shop. */
export function orderRequestOf(
  cart: Cart,
  delivery: DeliveryPart,
  whenShopOpens = false,
  notes = '',
): PlaceOrderBody {
  return {
    ...quoteRequestOf(cart, delivery, whenShopOpens),
    ...(notes.trim() && { notes: notes.trim() }),
    ...(delivery.deliveryType === 'curbside' && {
      vehicleNo: delivery.vehicleNo,
      ...(delivery.alternatePickup && { alternatePickup: delivery.alternatePickup }),
    }),
  };
}

/** POST /api/orders/quote: the all-in, itemised price for this cart and destination, or a range error. */
export function getQuote(request: QuoteOrderBody, signal?: AbortSignal): Promise<OrderQuote> {
  return api.post<OrderQuote>('/orders/quote', request, { signal });
}

export function useQuote(request: QuoteOrderBody | null) {
  return useQuery({
    queryKey: ['orderQuote', request],
    queryFn: ({ signal }) => getQuote(request!, signal),
    enabled: request !== null && request.items.length > 0,
    staleTime: 30_000,
  });
}
