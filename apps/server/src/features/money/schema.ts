import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import type { MoneyAccount } from './accounts.ts';

/**
 * The money journal (docs/payments.md#the-money-journal): every movement of money is one entry of
 * two or more lines whose amounts (paise; a debit positive, a credit negative) add up to zero. The
 * database enforces both at commit (a deferred constraint trigger), and refuses any UPDATE or DELETE
 * of either table: an entry is never edited, a correction is a new entry (migration 0040).
 */
export const moneyEntries = pgTable('money_entries', {
  id: text('id').primaryKey(),
  /** What moved it: `payment` (captured, refunded), `transfer` (a shop's transfer or reversal). */
  kind: text('kind').notNull(),
  /** What the entry brought in line: `payment:{id}` or `transfer:{id}`. */
  scope: text('scope').notNull(),
  /** When it happened, as the fact says (a webhook's own time may be earlier than when it came). */
  at: timestamp('at', { withTimezone: true }).notNull(),
  memo: text('memo'),
  createdAt: createdAt(),
});

export const moneyLines = pgTable(
  'money_lines',
  {
    id: text('id').primaryKey(),
    entryId: text('entry_id')
      .notNull()
      .references(() => moneyEntries.id),
    /** The entry's scope again, so a scope's balances are one indexed read. */
    scope: text('scope').notNull(),
    account: text('account').$type<MoneyAccount>().notNull(),
    /** The shop whose account it is (its payable), and the order and payment it came from. */
    sellerId: text('seller_id'),
    orderId: text('order_id'),
    paymentId: text('payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('money_lines_scope_idx').on(t.scope, t.account),
    index('money_lines_seller_idx').on(t.sellerId, t.account),
    index('money_lines_order_idx').on(t.orderId),
    check('money_lines_not_zero', sql`${t.amountPaise} <> 0`),
  ],
);

/**
 * What does not add up (docs/payments.md#money-checks): one row per rule and subject, opened when a
 * check first finds it (`since`), seen again on every run, cleared when it holds again. A provider's
 * fact that Petti did not expect (an amount that is not the mandate's, a transfer failing after it
 * was processed) is held here for an operator (`held`): never granted, cleared only by an operator.
 */
export const moneyChecks = pgTable(
  'money_checks',
  {
    id: text('id').primaryKey(),
    rule: text('rule').notNull(),
    /** The order, shop, mandate, payment or provider record it is about. */
    subject: text('subject').notNull(),
    sellerId: text('seller_id'),
    orderId: text('order_id'),
    expectedPaise: integer('expected_paise').notNull(),
    actualPaise: integer('actual_paise').notNull(),
    detail: text('detail').notNull(),
    held: boolean('held').notNull().default(false),
    since: timestamp('since', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearedBy: text('cleared_by'),
    /** When operators were told of it (once per opening). */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('money_checks_rule_subject_idx').on(t.rule, t.subject),
    index('money_checks_open_idx').on(t.clearedAt),
  ],
);

export type MoneyCheckRow = typeof moneyChecks.$inferSelect;
