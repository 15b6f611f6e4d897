import type { Me, NotificationPrefs as SharedPrefs } from '@petti/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type NotificationPrefs, operators, users } from './schema.ts';

export type User = typeof users.$inferSelect;

/** Accounts. Other features reach user rows only through these functions. */
export const usersService = {
  /** Whether this account is one of Petti's operators (docs/shops.md#operators). */
  async isOperator(db: DbOrTx, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ phone: operators.phone })
      .from(operators)
      .innerJoin(users, eq(users.phone, operators.phone))
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    return Boolean(row);
  },

  /** The accounts of Petti's operators (those named but not signed up yet have none), to alert them. */
  async operatorUserIds(db: DbOrTx): Promise<string[]> {
    const rows = await db
      .select({ id: users.id })
      .from(operators)
      .innerJoin(users, eq(users.phone, operators.phone))
      .where(isNull(users.deletedAt));
    return rows.map((r) => r.id);
  },

  /** Names an operator by phone (the ops token's set-up, and the demo data). */
  async addOperator(db: DbOrTx, phone: string, addedBy: string, now: Date): Promise<void> {
    await db.insert(operators).values({ phone, addedAt: now, addedBy }).onConflictDoNothing();
  },

  async findByPhone(db: DbOrTx, phone: string): Promise<User | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.phone, phone), isNull(users.deletedAt)));
    return row;
  },

  /** The residential complex a user lives in, if any (complex lockers serve their residents only). */
  async complexOf(q: DbOrTx, userId: string): Promise<string | null> {
    const [row] = await q.select({ complexId: users.complexId }).from(users).where(eq(users.id, userId));
    return row?.complexId ?? null;
  },

  /**
   * Where the user lives, as the complex's membership decided (docs/complex.md#membership): written
   * when an admin approves, cleared on leaving, so the complex lockers' resident check reads one column.
   */
  async setHome(
    q: DbOrTx,
    id: string,
    home: { complexId: string; block: string; flat: string } | null,
    now: Date,
  ): Promise<void> {
    await q
      .update(users)
      .set({
        complexId: home?.complexId ?? null,
        block: home?.block ?? null,
        flat: home?.flat ?? null,
        updatedAt: now,
      })
      .where(eq(users.id, id));
  },

  /** The accounts with these numbers (deleted ones left out), in one query. */
  async idsByPhones(q: DbOrTx, phones: readonly string[]): Promise<string[]> {
    if (!phones.length) return [];
    const rows = await q
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.phone, [...phones]), isNull(users.deletedAt)));
    return rows.map((r) => r.id);
  },

  /** The accounts with these phone numbers, by number, in one query (numbers nobody signed up with are absent). */
  async byPhones(
    q: DbOrTx,
    phones: readonly string[],
  ): Promise<Map<string, { id: string; name: string | null }>> {
    if (!phones.length) return new Map();
    const rows = await q
      .select({ id: users.id, phone: users.phone, name: users.name })
      .from(users)
      .where(and(inArray(users.phone, [...phones]), isNull(users.deletedAt)));
    return new Map(rows.flatMap((r) => (r.phone ? [[r.phone, { id: r.id, name: r.name }] as const] : [])));
  },

  /** Names and phones of several users (null for deleted accounts). */
  async contacts(
    q: DbOrTx,
    ids: readonly string[],
  ): Promise<Map<string, { name: string | null; phone: string | null }>> {
    if (!ids.length) return new Map();
    const rows = await q
      .select({ id: users.id, name: users.name, phone: users.phone })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, { name: r.name, phone: r.phone }]));
  },

  async findById(db: DbOrTx, id: string): Promise<User | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    return row;
  },

  /** A new, unconfirmed account, or the unconfirmed one already there with its name and email refreshed. */
  async upsertPending(
    db: DbOrTx,
    input: { id: string; phone: string; name: string; email?: string; now: Date },
  ): Promise<User> {
    const existing = await usersService.findByPhone(db, input.phone);
    if (existing) {
      const [row] = await db
        .update(users)
        .set({ name: input.name, email: input.email ?? null, updatedAt: input.now })
        .where(eq(users.id, existing.id))
        .returning();
      return row!;
    }
    const [row] = await db
      .insert(users)
      .values({
        id: input.id,
        phone: input.phone,
        name: input.name,
        email: input.email ?? null,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    return row!;
  },

  async confirm(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db
      .update(users)
      .set({ confirmedAt: now, updatedAt: now })
      .where(and(eq(users.id, id), isNull(users.confirmedAt)));
  },

  async update(
    db: DbOrTx,
    id: string,
    patch: Partial<Pick<User, 'name' | 'email' | 'emailVerifiedAt' | 'language' | 'notificationPrefs'>>,
    now: Date,
  ): Promise<User | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning();
    return row;
  },

  /**
   * Deletes personal data but keeps the row (anonymised) so payments and orders that the books
   * must keep still point at something.
   */
  async anonymise(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db
      .update(users)
      .set({
        phone: null,
        name: null,
        email: null,
        emailVerifiedAt: null,
        complexId: null,
        block: null,
        flat: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, id));
  },

  toMe(user: User): Me {
    const prefs: SharedPrefs = user.notificationPrefs;
    return {
      id: user.id,
      phone: user.phone ?? '',
      name: user.name,
      email: user.email,
      emailVerified: Boolean(user.email && user.emailVerifiedAt),
      language: user.language === 'ta' ? 'ta' : 'en',
      notificationPrefs: prefs,
      complexId: user.complexId,
      block: user.block,
      flat: user.flat,
      createdAt: user.createdAt.toISOString(),
    };
  },
};

export type { NotificationPrefs };
