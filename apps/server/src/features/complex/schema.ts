import type { MemberRole, MembershipStatus } from '@petti/shared/schemas/complex';
import { doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { localized } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

export const complexes = pgTable('complexes', {
  id: text('id').primaryKey(),
  name: localized('name').notNull(),
  address: localized('address').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  blocks: text('blocks').array().notNull(),
  flatsPerBlock: integer('flats_per_block').notNull(),
});

export type ComplexRow = typeof complexes.$inferSelect;

/**
 * Who lives where (docs/complex.md#membership): one row per user, so one complex at a time. Asking to
 * join another complex replaces the row (a move); leaving deletes it. `approved` rows are the members.
 */
export const complexMembers = pgTable(
  'complex_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    complexId: text('complex_id')
      .notNull()
      .references(() => complexes.id),
    block: text('block').notNull(),
    flat: text('flat').notNull(),
    status: text('status').$type<MembershipStatus>().notNull(),
    role: text('role').$type<MemberRole>().notNull().default('resident'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The admin's user id, or `ops` for the operators' API. */
    decidedBy: text('decided_by'),
    note: text('note'),
  },
  (t) => [index('complex_members_complex_idx').on(t.complexId, t.status)],
);

export type MemberRow = typeof complexMembers.$inferSelect;
