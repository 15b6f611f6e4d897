// Every table, for Drizzle's relational queries and drizzle-kit. Features own their tables.

export * from '../features/addresses/schema.ts';
export * from '../features/auth/schema.ts';
export * from '../features/bookings/schema.ts';
export * from '../features/cart/schema.ts';
export * from '../features/catalog/schema.ts';
export * from '../features/complex/schema.ts';
export * from '../features/complex-market/schema.ts';
export * from '../features/grab/schema.ts';
export * from '../features/lockers/schema.ts';
export * from '../features/notifications/schema.ts';
export * from '../features/orders/schema.ts';
export * from '../features/payments/schema.ts';
export * from '../features/places/schema.ts';
export * from '../features/plans/schema.ts';
export * from '../features/push/schema.ts';
export * from '../features/sellers/schema.ts';
export * from '../features/settlements/schema.ts';
export * from '../features/users/schema.ts';
export * from '../platform/events/schema.ts';
export * from '../platform/flows/schema.ts';
export * from '../platform/jobs/schema.ts';
export * from '../platform/outbox/schema.ts';
export * from '../platform/payments/testpay/route-schema.ts';
export * from '../platform/payments/testpay/schema.ts';
export * from '../platform/rate-limit/schema.ts';
export * from './meta-schema.ts';
