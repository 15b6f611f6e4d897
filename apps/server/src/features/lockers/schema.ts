import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { localized } from '../../db/columns.ts';

export const lockerSizes = pgTable('locker_sizes', {
  code: text('code').primaryKey(),
  label: localized('label').notNull(),
  fits: localized('fits').notNull(),
  innerWidthCm: integer('inner_width_cm').notNull(),
  innerHeightCm: integer('inner_height_cm').notNull(),
  innerDepthCm: integer('inner_depth_cm').notNull(),
  sort: integer('sort').notNull(),
});

export const lockerPrices = pgTable(
  'locker_prices',
  {
    siteType: text('site_type').notNull(),
    size: text('size')
      .notNull()
      .references(() => lockerSizes.code),
    firstHourPaise: integer('first_hour_paise').notNull(),
    extraHourPaise: integer('extra_hour_paise').notNull(),
    dayCapPaise: integer('day_cap_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteType, t.size] })],
);

export const lockerSites = pgTable('locker_sites', {
  id: text('id').primaryKey(),
  name: localized('name').notNull(),
  address: localized('address').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  opensAt: text('opens_at').notNull(),
  closesAt: text('closes_at').notNull(),
  type: text('type').notNull().default('public_lockers'),
  complexId: text('complex_id'),
  acceptsParcels: boolean('accepts_parcels').notNull().default(false),
  lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
  /** Set when the offline check found no heartbeat for 90 s (and users were told); cleared by the next one. */
  offlineSince: timestamp('offline_since', { withTimezone: true }),
  /** An operator reopened the keypad after wrong PINs closed it: those before do not count (docs/locker-protocol.md#guessing). */
  keypadReopenedAt: timestamp('keypad_reopened_at', { withTimezone: true }),
  /** An operator took the whole site out for repairs then, expecting it back at `closedUntil` (null: not said). */
  closedSince: timestamp('closed_since', { withTimezone: true }),
  closedUntil: timestamp('closed_until', { withTimezone: true }),
});

export const lockers = pgTable('lockers', {
  id: text('id').primaryKey(),
  siteId: text('site_id')
    .notNull()
    .references(() => lockerSites.id),
  size: text('size')
    .notNull()
    .references(() => lockerSizes.code),
  column: integer('col').notNull(),
  row: integer('row').notNull(),
  inService: boolean('in_service').notNull().default(true),
  /** Last door state the site's controller reported. */
  doorState: text('door_state').$type<'open' | 'closed' | 'forced'>().notNull().default('closed'),
  doorChangedAt: timestamp('door_changed_at', { withTimezone: true }),
  /** Last fault the controller reported, until the door reports closed again. */
  fault: text('fault'),
});

/**
 * Open commands sent to site controllers. A door report `open` for the locker completes the
 * newest command still `sent`; a remote unlock with no report within 30 s is `failed`.
 */
export const lockerCommands = pgTable(
  'locker_commands',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => lockerSites.id),
    lockerId: text('locker_id')
      .notNull()
      .references(() => lockers.id),
    bookingId: text('booking_id'),
    reason: text('reason').$type<'keypad' | 'remote' | 'ops'>().notNull(),
    state: text('state').$type<'sent' | 'opened' | 'failed'>().notNull().default('sent'),
    /** The device session (x-session-id) that asked for a remote unlock, for the events it causes. */
    sessionId: text('session_id'),
    /** An operator's open (`ops`): who (their user id, or `ops` for the token) and why, in their words. */
    openedBy: text('opened_by'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('locker_commands_locker_idx').on(t.lockerId, t.state)],
);

/**
 * Keypad entries already handled, by the controller's request id: with an external broker every
 * server process hears each entry, and only the one that inserts the row first answers it.
 */
export const keypadRequests = pgTable(
  'keypad_requests',
  {
    siteId: text('site_id').notNull(),
    requestId: text('request_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Whether the PIN opened a door (wrong PINs count towards the site's keypad lockout). */
    ok: boolean('ok'),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.requestId] }),
    index('keypad_requests_received_idx').on(t.receivedAt),
  ],
);

/** When each site's controller was last sent its live PINs (docs/locker-protocol.md#offline). */
export const lockerPinLists = pgTable('locker_pin_lists', {
  siteId: text('site_id').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/**
 * What controllers did while offline, by the controller's entry id: each is applied once, however
 * often and in whatever order it is replayed (docs/locker-protocol.md#offline).
 */
export const lockerOfflineEntries = pgTable(
  'locker_offline_entries',
  {
    siteId: text('site_id').notNull(),
    entryId: text('entry_id').notNull(),
    seq: integer('seq').notNull(),
    /** When it happened, by the controller's clock (bounded by the server's). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.entryId] })],
);
