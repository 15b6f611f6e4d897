/** Orders' public surface: what other features may use (docs/marketplace.md). */
export { createOrderFeature } from './feature.ts';
export type { CancelOrderInput } from './flows/cancel-order.ts';
export type { PlaceOrderInput } from './flows/place-order.ts';
export { createLiveCheckin, type LiveCheckin } from './live-checkin.ts';
export type { OrderCaller, OrdersService } from './service.ts';
export type { OrderShare } from './shop-share.ts';
export { ORDER_TIMER_KINDS } from './timer-kinds.ts';
