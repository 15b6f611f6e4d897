import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Timers: work due at a time (a hold running out, a scheduled start, a door left open…). A worker
 * takes due rows with FOR UPDATE SKIP LOCKED, runs the handler in the same transaction and deletes
 * the row, so a timer survives restarts and fires once across any number of processes.
 * `key` (when set) makes a timer unique, so it can be moved (a heartbeat pushes the offline check on).
 * One that keeps failing is retried with back-off, then set aside (`dead_at`) for the ops API.
 */
export const timers = pgTable(
  'timers',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    key: text('key').unique(),
    bookingId: text('booking_id'),
    siteId: text('site_id'),
    lockerId: text('locker_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Gave up after TIMER_MAX_ATTEMPTS failures: never fired again until an operator retries it. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    /**
     * While a leased run goes on: until when it holds the timer. A keyed schedule meanwhile does not
     * move it (no second run beside the first) but marks it `rearmed`, and the run's end makes it due
     * again (docs/architecture.md#timers-and-periodic-work).
     */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    rearmed: boolean('rearmed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('timers_due_idx').on(t.dueAt), index('timers_booking_idx').on(t.bookingId)],
);

export type TimerRow = typeof timers.$inferSelect;
