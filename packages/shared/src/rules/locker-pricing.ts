import { LOCKER_RULES } from '../constants.ts';
import { gstIncluded } from './money.ts';

/**
 * One row of the price table: per site type and size (docs/product.md#locker-prices). All amounts in paise.
 */
export interface LockerRate {
  firstHourPaise: number;
  extraHourPaise: number;
  dayCapPaise: number;
}

const HOUR_MS = 3_600_000;

/** Price of one stretch of up to 24 h: the first hour, each extra hour, never above the day cap. */
function dayPrice(rate: LockerRate, hours: number): number {
  if (hours <= 0) return 0;
  return Math.min(rate.dayCapPaise, rate.firstHourPaise + (hours - 1) * rate.extraHourPaise);
}

/**
 * Price of `hours` whole hours: every full 24 h costs at most the day cap, and what is left over is
 * priced as a new day (first hour, extra hours, capped).
 */
export function priceForHours(rate: LockerRate, hours: number): number {
  if (!Number.isInteger(hours) || hours < 0)
    throw new RangeError(`hours must be a whole number ≥ 0: ${hours}`);
  const days = Math.floor(hours / 24);
  return days * dayPrice(rate, 24) + dayPrice(rate, hours % 24);
}

/**
 * What adding hours `from` → `to` costs: the difference between the two totals, so a booking and its
 * extensions together never cost more than the same hours booked at once.
 */
export function priceForRange(rate: LockerRate, fromHours: number, toHours: number): number {
  if (toHours < fromHours) throw new RangeError('toHours must be ≥ fromHours');
  return priceForHours(rate, toHours) - priceForHours(rate, fromHours);
}

/** A plan's locker hours as they apply to one booking. */
export interface PlanAllowance {
  planId: string;
  subscriptionId: string;
  /** Sizes the plan covers. */
  sizes: readonly string[];
  /** Locker hours left in the current period. */
  hoursLeft: number;
  waitlistPriority: boolean;
}

export interface LockerQuote {
  /** Price of the hours without any plan. */
  basePaise: number;
  /** Hours the plan pays for. */
  planHours: number;
  planId: string | null;
  /** What the user pays (GST included). */
  amountPaise: number;
  /** The GST part of `amountPaise`. */
  taxPaise: number;
}

/**
 * Quote for adding hours `fromHours` → `toHours` to a booking (a new booking starts at 0). The plan
 * covers the first of those hours, as many as it has left, when it covers the size; the user pays
 * for the rest at the price those later hours have.
 */
export function quoteHours(
  rate: LockerRate,
  size: string,
  fromHours: number,
  toHours: number,
  plan: PlanAllowance | null,
): LockerQuote {
  const basePaise = priceForRange(rate, fromHours, toHours);
  const planHours =
    plan?.sizes.includes(size) && plan.hoursLeft > 0
      ? Math.min(Math.floor(plan.hoursLeft), toHours - fromHours)
      : 0;
  const amountPaise = priceForRange(rate, fromHours + planHours, toHours);
  return {
    basePaise,
    planHours,
    planId: planHours > 0 && plan ? plan.planId : null,
    amountPaise,
    taxPaise: lockerTaxPaise(amountPaise),
  };
}

/** The GST inside a GST-inclusive locker price, to the paisa. */
export function lockerTaxPaise(amountPaise: number): number {
  return gstIncluded(amountPaise, LOCKER_RULES.gstPercent);
}

/** Started hours of overstay between the paid end and `now` (0 before the end). */
export function overstayHours(endsAt: Date, now: Date): number {
  const ms = now.getTime() - endsAt.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / HOUR_MS);
}

/**
 * Overstay is priced like more hours of the same booking (the hours after the booked ones, from the
 * price table), per started hour. `paidHours` already paid are not charged again.
 */
export function overstayCharge(
  rate: LockerRate,
  bookedHours: number,
  hoursOver: number,
  paidHours: number,
): { hours: number; amountPaise: number; taxPaise: number } {
  const hours = Math.max(0, hoursOver - paidHours);
  const amountPaise = priceForRange(rate, bookedHours + paidHours, bookedHours + paidHours + hours);
  return { hours, amountPaise, taxPaise: lockerTaxPaise(amountPaise) };
}

/**
 * Cancellation refund policy (docs/lockers.md):
 * - nothing paid yet (waitlisted, awaiting payment): nothing to refund;
 * - scheduled and cancelled at least `fullRefundBeforeStartMinutes` before its start: everything;
 * - otherwise before first use (scheduled close to its start, or reserved and never opened): half,
 *   rounded down to whole rupees;
 * - once opened it cannot be cancelled, only ended.
 */
export function cancellationRefund(input: { state: string; paidPaise: number; startsAt: Date; now: Date }): {
  refundPaise: number;
  rule: 'nothing_paid' | 'full' | 'half' | 'none';
} {
  const { state, paidPaise, startsAt, now } = input;
  if (paidPaise <= 0 || state === 'waitlisted' || state === 'awaiting_payment')
    return { refundPaise: 0, rule: 'nothing_paid' };
  if (state === 'scheduled') {
    const minutesAhead = (startsAt.getTime() - now.getTime()) / 60_000;
    if (minutesAhead >= LOCKER_RULES.fullRefundBeforeStartMinutes)
      return { refundPaise: paidPaise, rule: 'full' };
    return { refundPaise: Math.floor(paidPaise / 200) * 100, rule: 'half' };
  }
  if (state === 'reserved') return { refundPaise: Math.floor(paidPaise / 200) * 100, rule: 'half' };
  return { refundPaise: 0, rule: 'none' };
}
