/**
 * The plans feature's public surface: other features import only this file
 * (docs/product.md#plans). Lockers and orders ask `activeFor` and use hours and deliveries.
 */
export type { BuyPlanInput } from './flows/buy-plan.ts';
export { plansRoutes } from './routes.ts';
export { createPlansService, type PlansDeps, type PlansService, statusOf, toPlan } from './service.ts';
export type { DeliveryFeeRow } from './usage.ts';
export type { PlanRow, SubscriptionRow } from './views.ts';
