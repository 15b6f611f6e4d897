import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What a finished step left to undo it: the step's name and the data its undo needs. */
export interface UndoRecord {
  step: string;
  data: unknown;
}

/**
 * A flow in progress (docs/decisions/0005-flows.md). The row is written in the transaction of the
 * flow's first step and deleted when the flow ends, so a row that outlives its lease belongs to a
 * process that died mid-flow: the recovery sweep undoes its steps from `undo`, newest first (or,
 * once past its pivot, lets what was done stand).
 */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: text('id').primaryKey(),
    flow: text('flow').notNull(),
    undo: jsonb('undo').$type<UndoRecord[]>().notNull().default([]),
    /** A step that cannot be taken back (money moved at the provider) has been reached. */
    pivoted: boolean('pivoted').notNull().default(false),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('flow_runs_lease_idx').on(t.leaseUntil)],
);

export type FlowRunRow = typeof flowRuns.$inferSelect;
