import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Real-time messages written in the same transaction as the change they describe and published
 * after commit (transactional outbox): an event is never sent for a change that rolled back, and
 * never lost when a process dies between commit and publish.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Taken by a publisher until then; a crash leaves it to be taken again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Held by a running flow: published only when the flow succeeds, deleted if it is undone. */
    flowRunId: text('flow_run_id'),
  },
  (t) => [
    index('event_outbox_claim_idx').on(t.claimedUntil),
    index('event_outbox_flow_run_idx').on(t.flowRunId),
  ],
);
