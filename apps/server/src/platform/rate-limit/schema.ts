import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters per address and limited route (docs/deploy.md#rate-limits), in the database so every
 * process counts the same hits. A row's window starts again once `resets_at` has passed; old rows are
 * swept by a periodic task.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
