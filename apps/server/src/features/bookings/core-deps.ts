import { LOCKER_RULES } from '@petti/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import { type DoorCommands, type PinBoard, UNLOCK_TIMEOUT_TIMER } from '../lockers/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { LockerPlanSource, PaymentsPort } from './ports.ts';
import type { BookingRow } from './schema.ts';

export type BookingPatch = Partial<Omit<BookingRow, 'id' | 'during' | 'createdAt'>>;

export interface CoreDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  config: Pick<Config, 'LOCKER_OFFLINE_SECONDS'>;
  transactor: Transactor;
  outbox: EventOutbox;
  notifications: NotificationsService;
  /** Late-bound: the payments feature may be wired after bookings. */
  payments: () => PaymentsPort | null;
  plans: LockerPlanSource;
  /** Opening a door: the one command, owned by lockers. */
  doors: DoorCommands;
  /** What each site's controller knows of PINs, to check them while offline (owned by lockers). */
  pins: PinBoard;
  /** Runs a timer just scheduled (after its transaction commits) instead of waiting for the poll. */
  runTimerSoon: (id: string) => Promise<void>;
}

/** When a hold for payment made at `now` runs out: a booking's, an extension's. */
export const holdEndFrom = (now: Date): Date => new Date(now.getTime() + LOCKER_RULES.holdMinutes * 60_000);

/** Timer kinds bookings set (handlers in timers.ts). */
export const TIMER = {
  holdExpiry: 'booking-hold-expiry',
  extensionHoldExpiry: 'booking-extension-hold-expiry',
  pinIssue: 'booking-pin-issue',
  scheduledStart: 'booking-scheduled-start',
  openDeadline: 'booking-open-deadline',
  end: 'booking-end',
  /** The reminder before the end (bookingEndingSoon), set with every end timer. */
  endingSoon: 'booking-ending-soon',
  waitlistExpiry: 'booking-waitlist-expiry',
  unlockTimeout: UNLOCK_TIMEOUT_TIMER,
  refund: 'booking-refund',
  /** Opens the payment of a hold given to a waitlisted request (the provider call: no transaction). */
  openPayment: 'booking-open-payment',
} as const;
