/**
 * Bookings' public surface (docs/lockers.md): the feature factory, the booking service, its flows
 * (docs/decisions/0005-flows.md) and parcel lockers for orders. Other features import only this file.
 */

export { lockerLabel } from './emitter.ts';
export { createLockerFeature } from './feature.ts';
export type { BookingFlows } from './flows/index.ts';
export { lockerHolds } from './locker-holds.ts';
export type { ParcelHold, ParcelLockers, ParcelSummary } from './parcels.ts';
export type { BookingsService, Caller } from './service.ts';
export { type SiteDay, siteDays } from './site-day.ts';
