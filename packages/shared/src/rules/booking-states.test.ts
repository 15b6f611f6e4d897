import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATES,
  BOOKING_TRANSITIONS,
  type BookingState,
  CANCELLABLE_STATES,
  canTransition,
  FINAL_BOOKING_STATES,
  holdsLocker,
  isFinal,
} from './booking-states.ts';

describe('booking state table', () => {
  it('follows the product: hold → reserved → active → ended', () => {
    expect(canTransition('awaiting_payment', 'reserved')).toBe(true);
    expect(canTransition('reserved', 'active')).toBe(true);
    expect(canTransition('active', 'ended')).toBe(true);
    expect(canTransition('active', 'expired')).toBe(true);
    expect(canTransition('expired', 'ended')).toBe(true);
    expect(canTransition('scheduled', 'reserved')).toBe(true);
    expect(canTransition('waitlisted', 'awaiting_payment')).toBe(true);
  });

  it('never skips payment or goes back to a hold', () => {
    expect(canTransition('awaiting_payment', 'active')).toBe(false);
    expect(canTransition('reserved', 'awaiting_payment')).toBe(false);
    expect(canTransition('active', 'reserved')).toBe(false);
    expect(canTransition('active', 'cancelled')).toBe(false);
  });

  it('has no way out of a final state, and every other state has one', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BOOKING_STATES), fc.constantFrom(...BOOKING_STATES), (from, to) => {
        if (isFinal(from)) expect(canTransition(from, to)).toBe(false);
      }),
    );
    for (const s of BOOKING_STATES)
      if (!isFinal(s)) expect(Object.keys(BOOKING_TRANSITIONS[s]).length, s).toBeGreaterThan(0);
    expect(FINAL_BOOKING_STATES).toEqual(['ended', 'timed_out', 'cancelled']);
  });

  it('reaches every state from a new request (waitlisted or a hold)', () => {
    const seen = new Set<BookingState>(['waitlisted', 'awaiting_payment']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const s of [...seen])
        for (const to of Object.keys(BOOKING_TRANSITIONS[s]) as BookingState[])
          if (!seen.has(to)) {
            seen.add(to);
            grew = true;
          }
    }
    expect([...seen].sort()).toEqual([...BOOKING_STATES].sort());
  });

  it('holds a locker only in live states, and cancels only before first use', () => {
    expect(BOOKING_STATES.filter(holdsLocker)).toEqual([
      'awaiting_payment',
      'scheduled',
      'reserved',
      'active',
      'expired',
    ]);
    for (const s of CANCELLABLE_STATES) expect(canTransition(s, 'cancelled')).toBe(true);
    expect(canTransition('expired', 'cancelled')).toBe(false);
  });
});
