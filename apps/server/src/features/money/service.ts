import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { MoneyAccount } from './accounts.ts';
import type { Finding } from './checks.ts';
import type { MoneyDeps } from './deps.ts';
import { alignScope, unposted } from './journal.ts';
import { paymentScope, paymentTarget, registerPaymentBooks } from './payment-books.ts';
import { moneyLines } from './schema.ts';

/** One order's balances per account: in its payment's scope, and in its transfer's. */
export interface OrderLedger {
  payment: Partial<Record<MoneyAccount, number>>;
  transfer: Partial<Record<MoneyAccount, number>>;
}

/** How often each process looks for money moved before the journal (at its start, then now and then). */
const OPENING_EVERY_MS = 6 * 3_600_000;

/** How often the checks run in each process (each run reads the whole books; docs/payments.md#money-checks). */
export const MONEY_CHECK_EVERY_MS = 5 * 60_000;

/**
 * The money journal and its checks (docs/payments.md#the-money-journal): payments post themselves
 * here (payment-books.ts), settlements post transfers through `journal.align`, and each feature
 * registers the checks of its own books.
 */
export function createMoney(deps: MoneyDeps) {
  const { db } = deps;
  registerPaymentBooks(deps);
  const { checks } = deps;

  /** Balances of an account per shop (its payable: what Petti owes each shop; a debit, what the shop owes). */
  async function sellerBalances(
    q: DbOrTx,
    account: MoneyAccount,
    sellerId?: string,
  ): Promise<Map<string, number>> {
    const rows = await q
      .select({ sellerId: moneyLines.sellerId, n: sql<string>`sum(${moneyLines.amountPaise})` })
      .from(moneyLines)
      .where(and(eq(moneyLines.account, account), sellerId ? eq(moneyLines.sellerId, sellerId) : undefined))
      .groupBy(moneyLines.sellerId);
    return new Map(rows.flatMap((r) => (r.sellerId ? [[r.sellerId, Number(r.n)] as const] : [])));
  }

  /** Balances of an account per order, within the given scope kind (`payment:` or `transfer:`). */
  async function orderBalances(
    q: DbOrTx,
    account: MoneyAccount,
    scopeKind: 'payment' | 'transfer',
    orderIds?: readonly string[],
  ) {
    const rows = await q
      .select({ orderId: moneyLines.orderId, n: sql<string>`sum(${moneyLines.amountPaise})` })
      .from(moneyLines)
      .where(
        and(
          eq(moneyLines.account, account),
          like(moneyLines.scope, `${scopeKind}:%`),
          orderIds ? inArray(moneyLines.orderId, [...orderIds]) : undefined,
        ),
      )
      .groupBy(moneyLines.orderId);
    return new Map(rows.flatMap((r) => (r.orderId ? [[r.orderId, Number(r.n)] as const] : [])));
  }

  /** Each scope's balances per account, of one shop's lines in scopes of a kind (`transfer:`, …). */
  async function sellerScopes(q: DbOrTx, sellerId: string, scopeKind: 'payment' | 'transfer') {
    const rows = await q
      .select({
        scope: moneyLines.scope,
        account: moneyLines.account,
        n: sql<string>`sum(${moneyLines.amountPaise})`,
      })
      .from(moneyLines)
      .where(and(eq(moneyLines.sellerId, sellerId), like(moneyLines.scope, `${scopeKind}:%`)))
      .groupBy(moneyLines.scope, moneyLines.account);
    const scopes = new Map<string, Map<MoneyAccount, number>>();
    for (const r of rows) {
      const m = scopes.get(r.scope) ?? new Map<MoneyAccount, number>();
      m.set(r.account, Number(r.n));
      scopes.set(r.scope, m);
    }
    return scopes;
  }

  /**
   * Each order's balances per account, apart for its payment's scope and its transfer's: the
   * figures a shop's money screen, CSV and payouts are read from. By order ids, or every order with
   * a line of one shop's.
   */
  async function orderLedger(
    q: DbOrTx,
    where: { orderIds: readonly string[] } | { sellerId: string },
  ): Promise<Map<string, OrderLedger>> {
    const orderIds =
      'orderIds' in where
        ? [...where.orderIds]
        : (
            await q
              .selectDistinct({ orderId: moneyLines.orderId })
              .from(moneyLines)
              .where(eq(moneyLines.sellerId, where.sellerId))
          ).flatMap((r) => (r.orderId ? [r.orderId] : []));
    const ledger = new Map<string, OrderLedger>();
    if (!orderIds.length) return ledger;
    const rows = await q
      .select({
        orderId: moneyLines.orderId,
        scope: moneyLines.scope,
        account: moneyLines.account,
        n: sql<string>`sum(${moneyLines.amountPaise})`,
      })
      .from(moneyLines)
      .where(inArray(moneyLines.orderId, orderIds))
      .groupBy(moneyLines.orderId, moneyLines.scope, moneyLines.account);
    for (const r of rows) {
      if (!r.orderId) continue;
      const kind = r.scope.startsWith('payment:')
        ? 'payment'
        : r.scope.startsWith('transfer:')
          ? 'transfer'
          : null;
      if (!kind) continue;
      const of = ledger.get(r.orderId) ?? { payment: {}, transfer: {} };
      of[kind][r.account] = (of[kind][r.account] ?? 0) + Number(r.n);
      ledger.set(r.orderId, of);
    }
    return ledger;
  }

  // Every captured payment's part of the books is what its row says now (a posting was never lost).
  checks.register('payments', async (q) => {
    const rows = await deps.payments.tookMoney(q);
    const lines = await q
      .select({
        scope: moneyLines.scope,
        account: moneyLines.account,
        sellerId: moneyLines.sellerId,
        n: sql<string>`sum(${moneyLines.amountPaise})`,
      })
      .from(moneyLines)
      .where(like(moneyLines.scope, 'payment:%'))
      .groupBy(moneyLines.scope, moneyLines.account, moneyLines.sellerId);
    const booked = new Map<string, number>();
    for (const l of lines) booked.set(`${l.scope}|${l.account}|${l.sellerId ?? ''}`, Number(l.n));
    const found: Finding[] = [];
    for (const p of rows) {
      const target = await paymentTarget(deps, q, p);
      const scope = paymentScope(p.id);
      const wrong = target.find(
        (b) => (booked.get(`${scope}|${b.account}|${b.sellerId ?? ''}`) ?? 0) !== b.amountPaise,
      );
      if (!wrong) continue;
      const actual = booked.get(`${scope}|${wrong.account}|${wrong.sellerId ?? ''}`) ?? 0;
      found.push({
        rule: 'payment_books',
        subject: p.id,
        orderId: p.purpose === 'order' ? p.subjectId : null,
        sellerId: target.find((b) => b.sellerId)?.sellerId ?? null,
        expectedPaise: wrong.amountPaise,
        actualPaise: actual,
        detail: `Payment ${p.receiptNumber}: the books say ${wrong.account} ${actual} paise, its record ${wrong.amountPaise}`,
      });
    }
    return found;
  });

  /**
   * Opening entries (docs/payments.md#the-money-journal): a payment whose money moved before the
   * journal existed has no line yet; it is posted once, as its row says now, under its row lock and
   * dated when it was captured. Any later change of it would post the same (a posting always brings
   * its scope to its target); this one is for those that never change again.
   */
  async function openPayments(): Promise<number> {
    const rows = await deps.payments.tookMoney(db);
    const missing = new Set(
      await unposted(
        db,
        rows.map((p) => paymentScope(p.id)),
      ),
    );
    let posted = 0;
    for (const p of rows) {
      if (!missing.has(paymentScope(p.id))) continue;
      const done = await deps.transactor.run(async (tx) => {
        const locked = await deps.payments.lock(tx, p.id);
        if (!locked) return false;
        const result = await alignScope(tx, {
          kind: 'opening',
          scope: paymentScope(p.id),
          at: locked.capturedAt ?? deps.clock.now(),
          memo: `${locked.purpose} ${locked.status}, before the journal`,
          target: await paymentTarget(deps, tx, locked),
        });
        return result.posted;
      });
      if (done) posted += 1;
    }
    return posted;
  }

  deps.jobs.register({
    periodic: { name: 'money opening entries', everyMs: OPENING_EVERY_MS, run: openPayments },
  });

  deps.jobs.register({
    periodic: {
      name: 'money checks',
      everyMs: MONEY_CHECK_EVERY_MS,
      run: async () => (await checks.run()).length,
    },
  });

  return {
    journal: { align: alignScope, unposted, sellerBalances, orderBalances, sellerScopes, orderLedger },
    /** Posts the payments that moved money before the journal (run at start, and now and then). */
    openPayments,
    checks,
    /** The journal's sum over every line: always zero, since every entry balances (a health detail). */
    async health(q: DbOrTx = db) {
      const [row] = await q
        .select({ n: sql<string>`coalesce(sum(${moneyLines.amountPaise}), 0)` })
        .from(moneyLines);
      const open = await checks.open(q);
      return { balanced: Number(row?.n ?? 0) === 0, openChecks: open.length };
    },
  };
}

export type Money = ReturnType<typeof createMoney>;
export type MoneyJournal = Money['journal'];
