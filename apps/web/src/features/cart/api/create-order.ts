import type { Order, PlaceOrderBody } from '@petti/shared/schemas/orders';
import { api } from '../../../lib/api.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../lib/api-protocol.ts';

/**
 * POST /api/orders with the attempt's Idempotency-Key: the same key always answers the same order
 * (and payment), so the API client may retry it after a timeout or a 5xx, and so may the shopper.
 */
export function createOrder(request: PlaceOrderBody, idempotencyKey: string): Promise<Order> {
  return api.post<Order>('/orders', request, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}
