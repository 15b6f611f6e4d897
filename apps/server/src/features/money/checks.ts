import { formatRupees } from '@petti/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { NotificationSink } from '../payments/index.ts';
import { type MoneyCheckRow, moneyChecks, moneyLines } from './schema.ts';

/** Something that does not add up, as a check found it. */
export interface Finding {
  /** The rule broken (docs/payments.md#money-checks): `order_settlement`, `shop_payable`, … */
  rule: string;
  /** What it is about, unique within the rule: an order, shop, mandate, payment or provider record id. */
  subject: string;
  sellerId?: string | null;
  orderId?: string | null;
  expectedPaise: number;
  actualPaise: number;
  detail: string;
}

/** A check of the books: every finding it answers is open now; one it no longer answers has cleared. */
export type MoneyCheck = (q: DbOrTx) => Promise<Finding[]>;

const checkId = (rule: string, subject: string) => `${rule}:${subject}`.slice(0, 300);

/** The journal's own: a scope whose rows did not balance left money in suspense. */
export const unplacedMoney: MoneyCheck = async (q) => {
  const rows = await q
    .select({
      scope: moneyLines.scope,
      n: sql<string>`sum(${moneyLines.amountPaise})`,
      orderId: sql<string | null>`max(${moneyLines.orderId})`,
      sellerId: sql<string | null>`max(${moneyLines.sellerId})`,
    })
    .from(moneyLines)
    .where(eq(moneyLines.account, 'suspense'))
    .groupBy(moneyLines.scope)
    .having(sql`sum(${moneyLines.amountPaise}) <> 0`);
  return rows.map((r) => ({
    rule: 'unplaced',
    subject: r.scope,
    orderId: r.orderId,
    sellerId: r.sellerId,
    expectedPaise: 0,
    actualPaise: Number(r.n),
    detail: `${formatRupees(Math.abs(Number(r.n)))} of ${r.scope} could not be placed in the books: its figures do not add up`,
  }));
};

/**
 * Money checks (docs/payments.md#money-checks): the checks every feature registered, run together;
 * findings kept with the time each was first seen, cleared when they hold again; operators told of
 * each once it has lasted `alertAfterMs` (a transfer in flight is not yet a problem), and at once of a
 * provider's fact held for them.
 */
/** What the money checks use: made first, so that every feature can hold a fact or add a check. */
export interface MoneyCheckDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  notifications: NotificationSink;
  /** Petti's operators, who hear of money that does not add up. */
  operatorIds(q: DbOrTx): Promise<string[]>;
  /** A money check past this age is told to operators (a transfer in flight is not yet a problem). */
  alertAfterMs?: number;
}

export function createMoneyChecks(deps: MoneyCheckDeps) {
  const { db, clock } = deps;
  const checks = new Map<string, MoneyCheck>([['journal', unplacedMoney]]);
  const alertAfterMs = deps.alertAfterMs ?? 15 * 60_000;

  async function tellOperators(
    q: DbOrTx,
    row: Pick<MoneyCheckRow, 'id' | 'detail' | 'orderId' | 'sellerId'>,
  ) {
    for (const userId of await deps.operatorIds(q))
      await deps.notifications.add(q, {
        userId,
        kind: 'moneyCheckFailed',
        title: { en: 'Money that does not add up', ta: 'கணக்கில் பொருந்தாத பணம்' },
        body: {
          en: row.detail,
          ta: `பணக் கணக்குச் சரிபார்ப்பு தோல்வியுற்றது: ${row.detail}`,
        },
        data: { checkId: row.id, orderId: row.orderId, shopId: row.sellerId },
      });
    await q.update(moneyChecks).set({ alertedAt: clock.now() }).where(eq(moneyChecks.id, row.id));
  }

  /** Upserts an open finding: a new one (or one cleared before) starts its `since` now. */
  async function open(q: DbOrTx, f: Finding, held: boolean) {
    const now = clock.now();
    const id = checkId(f.rule, f.subject);
    const values = {
      rule: f.rule,
      subject: f.subject,
      sellerId: f.sellerId ?? null,
      orderId: f.orderId ?? null,
      expectedPaise: f.expectedPaise,
      actualPaise: f.actualPaise,
      detail: f.detail.slice(0, 500),
      seenAt: now,
    };
    const [row] = await q
      .insert(moneyChecks)
      .values({ id, ...values, held, since: now })
      .onConflictDoUpdate({
        target: moneyChecks.id,
        set: {
          ...values,
          held: sql`${moneyChecks.held} or ${held}`,
          // Reopened after it cleared: a new opening, told again.
          since: sql`case when ${moneyChecks.clearedAt} is null then ${moneyChecks.since} else ${now.toISOString()}::timestamptz end`,
          alertedAt: sql`case when ${moneyChecks.clearedAt} is null then ${moneyChecks.alertedAt} else null end`,
          clearedAt: null,
          clearedBy: null,
        },
      })
      .returning();
    return row!;
  }

  const reconcilers = new Map<string, () => Promise<unknown>>();

  return {
    /**
     * Adds a comparison of a feature's books with the provider's records (docs/payments.md#reconciliation):
     * run on its own schedule, and before the checks when an operator asks for a check now.
     */
    reconciler(name: string, reconcile: () => Promise<unknown>) {
      if (reconcilers.has(name)) throw new Error(`reconciler ${name} is registered twice`);
      reconcilers.set(name, reconcile);
    },

    /** Every reconciliation once (each asks the provider: never inside a transaction). */
    async reconcile(): Promise<void> {
      for (const [name, reconcile] of reconcilers) {
        try {
          await reconcile();
        } catch (err) {
          deps.log.error({ err, reconciler: name }, 'a reconciliation failed to run');
        }
      }
    },

    /** Adds a feature's check (settlements per order and shop, plans per mandate). */
    register(name: string, check: MoneyCheck) {
      if (checks.has(name)) throw new Error(`money check ${name} is registered twice`);
      checks.set(name, check);
    },

    /**
     * A provider's fact Petti did not expect, held for an operator in the transaction that refused to
     * apply it; operators are told at once. Only an operator clears it, and once cleared the same
     * fact held again stays cleared.
     */
    async hold(q: DbOrTx, f: Finding) {
      // A fact an operator dealt with stays dealt with when told again (the reconciliation meets the
      // same provider transfer on every run, a provider repeats a webhook); other amounts are news.
      const [was] = await q
        .select()
        .from(moneyChecks)
        .where(eq(moneyChecks.id, checkId(f.rule, f.subject)));
      if (
        was?.held &&
        was.clearedAt &&
        was.clearedBy !== 'check' &&
        was.expectedPaise === f.expectedPaise &&
        was.actualPaise === f.actualPaise
      )
        return was;
      const row = await open(q, f, true);
      if (!row.alertedAt) await tellOperators(q, row);
      return row;
    },

    /** Runs every check; answers the findings open after it. */
    async run(): Promise<MoneyCheckRow[]> {
      const found: Finding[] = [];
      for (const [name, check] of checks) {
        try {
          found.push(...(await check(db)));
        } catch (err) {
          deps.log.error({ err, check: name }, 'a money check failed to run');
        }
      }
      const seen = new Set<string>();
      for (const f of found) {
        seen.add(checkId(f.rule, f.subject));
        await open(db, f, false);
      }
      const now = clock.now();
      const openRows = await db.select().from(moneyChecks).where(isNull(moneyChecks.clearedAt));
      for (const row of openRows) {
        if (!row.held && !seen.has(row.id)) {
          await db
            .update(moneyChecks)
            .set({ clearedAt: now, clearedBy: 'check' })
            .where(and(eq(moneyChecks.id, row.id), isNull(moneyChecks.clearedAt)));
          continue;
        }
        if (!row.alertedAt && now.getTime() - row.since.getTime() >= alertAfterMs)
          await tellOperators(db, row);
      }
      return this.open();
    },

    byId: (id: string) => db.select().from(moneyChecks).where(eq(moneyChecks.id, id)),

    /** What does not add up now, oldest first. */
    open: (q: DbOrTx = db) =>
      q
        .select()
        .from(moneyChecks)
        .where(isNull(moneyChecks.clearedAt))
        .orderBy(moneyChecks.since, moneyChecks.id),

    /** How many are open, found by a check and held (a metric and a health detail). */
    async counts(q: DbOrTx = db) {
      const rows = await q
        .select({ held: moneyChecks.held, n: sql<number>`count(*)::int` })
        .from(moneyChecks)
        .where(isNull(moneyChecks.clearedAt))
        .groupBy(moneyChecks.held);
      return {
        held: Number(rows.find((r) => r.held)?.n ?? 0),
        found: Number(rows.find((r) => !r.held)?.n ?? 0),
      };
    },

    /** An operator clears a held fact once dealt with (refunded at the provider, say); false if not open. */
    async clear(id: string, by: string): Promise<boolean> {
      const rows = await db
        .update(moneyChecks)
        .set({ clearedAt: clock.now(), clearedBy: by })
        .where(and(eq(moneyChecks.id, id), isNull(moneyChecks.clearedAt), ne(moneyChecks.held, false)))
        .returning({ id: moneyChecks.id });
      return rows.length > 0;
    },
  };
}

export type MoneyChecks = ReturnType<typeof createMoneyChecks>;
