import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, localized } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

/**
 * What the notifications page lists (docs/product.md#help). Text is stored in both languages,
 * so a notification reads right whatever language the user picks later.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. `planRenewal`; the app picks an icon and a link by it. */
    kind: text('kind').notNull(),
    title: localized('title').notNull(),
    body: localized('body').notNull(),
    /** Ids the app links to (`subscriptionId`, `bookingId`…). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
