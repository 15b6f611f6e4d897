import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/** One stored line of a server cart: which variant and how many (prices are always re-read). */
export interface StoredCartLine {
  vrntId: string;
  quantity: number;
}

/** The server's copy of each user's delivery cart (`cartId`), mirrored from the app when online. */
export const carts = pgTable('carts', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  sellerId: text('seller_id'),
  items: jsonb('items').$type<StoredCartLine[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
