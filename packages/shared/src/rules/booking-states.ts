/**
 * Booking states and the moves between them (docs/product.md#booking-states). The server checks every change
 * against this table, so a state can only be reached the way the product describes.
 */
export const BOOKING_STATES = [
  'awaiting_payment',
  'scheduled',
  'reserved',
  'active',
  'ended',
  'waitlisted',
  'timed_out',
  'expired',
  'cancelled',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** States that hold a locker: no two of these may overlap on one locker (a database constraint). */
export const LOCKER_HOLDING_STATES = [
  'awaiting_payment',
  'scheduled',
  'reserved',
  'active',
  'expired',
] as const satisfies readonly BookingState[];

/** States a booking never leaves. */
export const FINAL_BOOKING_STATES = [
  'ended',
  'timed_out',
  'cancelled',
] as const satisfies readonly BookingState[];

/** Why a booking moved, for the record and for the event it raises. */
export type BookingMove =
  | 'hold' // a locker was found and is held for payment
  | 'pay' // the payment (or the plan) covered it
  | 'start' // a scheduled booking's start time came
  | 'open' // first successful open
  | 'end' // the user ended it, or its time ran out unused, or the last open after overstay
  | 'expire' // its time ran out while in use
  | 'extend' // an extension paid while expired
  | 'time_out' // a hold unpaid, a scheduled booking unopened, a waitlist wait lapsed
  | 'cancel'; // the user deleted it before use

export const BOOKING_TRANSITIONS: Record<BookingState, Partial<Record<BookingState, BookingMove>>> = {
  waitlisted: {
    awaiting_payment: 'hold',
    reserved: 'pay',
    scheduled: 'pay',
    timed_out: 'time_out',
    cancelled: 'cancel',
  },
  awaiting_payment: { reserved: 'pay', scheduled: 'pay', timed_out: 'time_out', cancelled: 'cancel' },
  scheduled: { reserved: 'start', cancelled: 'cancel' },
  reserved: { active: 'open', ended: 'end', timed_out: 'time_out', cancelled: 'cancel' },
  active: { ended: 'end', expired: 'expire' },
  expired: { ended: 'end', active: 'extend' },
  ended: {},
  timed_out: {},
  cancelled: {},
};

export function canTransition(from: BookingState, to: BookingState): boolean {
  return BOOKING_TRANSITIONS[from][to] !== undefined;
}

export function holdsLocker(state: BookingState): boolean {
  return (LOCKER_HOLDING_STATES as readonly BookingState[]).includes(state);
}

export function isFinal(state: BookingState): boolean {
  return (FINAL_BOOKING_STATES as readonly BookingState[]).includes(state);
}

/** States in which the user may open the door (by PIN or from the app). */
export const OPENABLE_STATES = ['reserved', 'active', 'expired'] as const satisfies readonly BookingState[];

/** States in which a booking can be extended. */
export const EXTENDABLE_STATES = [
  'scheduled',
  'reserved',
  'active',
] as const satisfies readonly BookingState[];

/** States in which the user may cancel (delete) a booking: before it was ever opened. */
export const CANCELLABLE_STATES = [
  'waitlisted',
  'awaiting_payment',
  'scheduled',
  'reserved',
] as const satisfies readonly BookingState[];
