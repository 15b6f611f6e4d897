import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

export interface NotificationPrefs {
  bookings: boolean;
  orders: boolean;
  offers: boolean;
}

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** Wire form: `91` + 10 digits. Null once the account is deleted (anonymised). */
  phone: text('phone').unique(),
  name: text('name'),
  email: text('email'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  language: text('language').notNull().default('en'),
  notificationPrefs: jsonb('notification_prefs')
    .$type<NotificationPrefs>()
    .notNull()
    .default({ bookings: true, orders: true, offers: false }),
  complexId: text('complex_id'),
  block: text('block'),
  flat: text('flat'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Petti's own operators (docs/shops.md#operators): by phone, so the first one can be named with the
 * ops token before they sign up. A deleted row takes the role away on the next request.
 */
export const operators = pgTable('operators', {
  phone: text('phone').primaryKey(),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  addedBy: text('added_by').notNull(),
});
