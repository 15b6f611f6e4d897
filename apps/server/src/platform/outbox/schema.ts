import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages the development SMS and email providers "sent", kept in the database so any process,
 * a demo or a test can read them at /api/dev/outbox. Never used in production (config refuses it).
 */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dev_outbox_recipient_idx').on(t.channel, t.recipient, t.sentAt)],
);
