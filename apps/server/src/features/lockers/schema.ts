import { boolean, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
});
