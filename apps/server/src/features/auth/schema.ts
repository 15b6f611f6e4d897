import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

/**
 * One-time code challenges for sign-up and sign-in. Codes and challenge sessions are stored only
 * as hashes. The rows also count codes per number per hour, so limits hold across processes.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<'sign_up' | 'sign_in'>().notNull(),
    codeHash: text('code_hash').notNull(),
    /** Sign-in only: hash of the challenge session handed to the client. */
    sessionHash: text('session_hash').unique(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** Set when the challenge is over: answered, failed too often, or replaced. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_challenges_phone_idx').on(t.phone, t.sentAt)],
);

/** Every code sent, for the per-number and per-IP hourly limits (a resend sends a new code). */
export const authCodeSends = pgTable(
  'auth_code_sends',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    ip: text('ip'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('auth_code_sends_phone_idx').on(t.phone, t.sentAt),
    index('auth_code_sends_ip_idx').on(t.ip, t.sentAt),
  ],
);

/** A signed-in device. The refresh token rotates on every use; only its hash is kept. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    refreshHash: text('refresh_hash').notNull().unique(),
    /** The hash before the last rotation: seeing it again means a stolen token, so the session ends. */
    previousRefreshHash: text('previous_refresh_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const emailVerifications = pgTable('email_verifications', {
  /** Random, unguessable; it is the `:id` of the link. */
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Connections an external broker let in through Petti's hook (docs/deploy.md#an-external-broker), by
 * the MQTT client id, so a sign-out can ask the broker to drop that session's connections. A client id
 * belongs to the session that connected with it last. Rows go with their session's end, or after a
 * day unseen.
 */
export const brokerConnections = pgTable(
  'broker_connections',
  {
    clientId: text('client_id').primaryKey(),
    sessionId: text('session_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('broker_connections_session_idx').on(t.sessionId),
    index('broker_connections_seen_idx').on(t.seenAt),
  ],
);
