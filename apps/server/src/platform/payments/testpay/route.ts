import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Clock } from '../../clock.ts';
import { PaymentProviderError } from '../payment-provider.ts';
import type { RouteProvider, RouteReversal, RouteTransfer, TransferInput } from '../route-provider.ts';
import { hmacHex } from '../signatures.ts';
import { queueEvent } from './event-queue.ts';
import { providerId } from './provider.ts';
import {
  type testpayEvents,
  testpayLinkedAccounts,
  testpayReversals,
  testpaySettlements,
  testpayTransfers,
} from './route-schema.ts';
import { testpayPayments } from './schema.ts';

type TransferRow = typeof testpayTransfers.$inferSelect;

function refused(description: string): PaymentProviderError {
  return new PaymentProviderError('testpay', 400, 'BAD_REQUEST_ERROR', description);
}

export interface TestpayRoute extends RouteProvider {
  readonly name: 'testpay';
  /**
   * Razorpay's settlement run: every activated account's transfers made by `before` and not settled
   * yet are paid into its bank, less what was reversed (`settlement.processed` follows). Answers how
   * many settlements it made.
   */
  settleDue(before: Date): Promise<number>;
  /**
   * A direct transfer made at the provider's dashboard, as a merchant can at Razorpay's: from the
   * balance, for no order Petti knows.
   */
  dashboardTransfer(account: string, amount: number): Promise<RouteTransfer>;
  /** A linked account's floating balance: transferred, less reversed and settled. */
  balanceOf(accountId: string): Promise<number>;
  /** The Route webhook for an event row, signed as testpay signs payments' webhooks. */
  signed(row: typeof testpayEvents.$inferSelect): { body: string; signature: string; eventId: string };
}

/**
 * testpay's Route: linked accounts, transfers, reversals and settlements kept in Petti's database with
 * Razorpay's rules (a transfer only on a captured payment never refunded, never more than it; a reversal
 * only from the linked account's floating balance) and Razorpay's webhooks, so the demo settles too.
 */
export function createTestpayRoute(deps: { db: Db; clock: Clock; keySecret: string }): TestpayRoute {
  const { db, clock, keySecret } = deps;

  // Everything sent to the account, less everything taken back and everything paid into its bank.
  const total = sql<string>`coalesce(sum(amount_paise), 0)`;
  // Everything sent to the account, less everything taken back and everything paid into its bank.
  const balance = async (q: DbOrTx, accountId: string): Promise<number> => {
    const [sent] = await q
      .select({ n: total })
      .from(testpayTransfers)
      .where(eq(testpayTransfers.recipient, accountId));
    const [back] = await q
      .select({ n: sql<string>`coalesce(sum(${testpayReversals.amountPaise}), 0)` })
      .from(testpayReversals)
      .innerJoin(testpayTransfers, eq(testpayTransfers.id, testpayReversals.transferId))
      .where(eq(testpayTransfers.recipient, accountId));
    const [settled] = await q
      .select({ n: total })
      .from(testpaySettlements)
      .where(eq(testpaySettlements.accountId, accountId));
    return Number(sent?.n ?? 0) - Number(back?.n ?? 0) - Number(settled?.n ?? 0);
  };

  const toReversal = (row: typeof testpayReversals.$inferSelect): RouteReversal => ({
    id: row.id,
    transferId: row.transferId,
    amount: row.amountPaise,
    notes: row.notes,
  });
  const toTransfer = (row: TransferRow): RouteTransfer => ({
    id: row.id,
    recipient: row.recipient,
    amount: row.amountPaise,
    amountReversed: row.amountReversedPaise,
    status:
      row.amountReversedPaise === 0
        ? 'processed'
        : row.amountReversedPaise >= row.amountPaise
          ? 'reversed'
          : 'partially_reversed',
    settlementId: row.settlementId,
    notes: row.notes,
    error: null,
    createdAt: row.createdAt,
  });

  const queue = (
    q: DbOrTx,
    event: string,
    contains: string,
    entity: Record<string, unknown>,
    account: string,
  ) => queueEvent(q, clock.now(), { event, account, entities: { [contains]: entity } });

  const transferEntity = (row: TransferRow) => ({
    id: row.id,
    entity: 'transfer',
    status: toTransfer(row).status,
    source: row.paymentId,
    recipient: row.recipient,
    amount: row.amountPaise,
    currency: 'INR',
    amount_reversed: row.amountReversedPaise,
    notes: row.notes,
    on_hold: false,
    recipient_settlement_id: row.settlementId,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  });

  async function makeTransfer(
    input: Omit<TransferInput, 'notes'> & { notes: Record<string, string> },
    opts?: { retry?: boolean },
  ): Promise<RouteTransfer> {
    return db.transaction(async (tx) => {
      if (opts?.retry) {
        const [done] = await tx
          .select()
          .from(testpayTransfers)
          .where(sql`${testpayTransfers.notes}->>'petti_transfer' = ${input.notes.petti_transfer}`);
        if (done) return toTransfer(done);
      }
      const [account] = await tx
        .select()
        .from(testpayLinkedAccounts)
        .where(eq(testpayLinkedAccounts.id, input.account))
        .for('update');
      if (!account) throw refused('The account id provided does not exist');
      if (account.status !== 'activated') throw refused('Linked account is not activated');
      if (!Number.isInteger(input.amount) || input.amount < 100)
        throw refused('The amount must be atleast INR 1.00');
      if (input.paymentId) {
        const [payment] = await tx
          .select()
          .from(testpayPayments)
          .where(eq(testpayPayments.id, input.paymentId))
          .for('update');
        if (!payment) throw refused('The id provided does not exist');
        if (payment.status === 'failed') throw refused('The payment has not been captured');
        if (payment.amountRefundedPaise > 0)
          throw refused('Transfer cannot be created on a payment that has been refunded');
        const [sent] = await tx
          .select({ total: sql<string>`coalesce(sum(${testpayTransfers.amountPaise}), 0)` })
          .from(testpayTransfers)
          .where(eq(testpayTransfers.paymentId, input.paymentId));
        if (Number(sent?.total ?? 0) + input.amount > payment.amountPaise)
          throw refused('The sum of amount requested for transfer is greater than the captured amount');
      }
      const [row] = await tx
        .insert(testpayTransfers)
        .values({
          id: providerId('trf'),
          paymentId: input.paymentId ?? null,
          recipient: account.id,
          amountPaise: input.amount,
          notes: input.notes,
          createdAt: clock.now(),
        })
        .returning();
      await queue(tx, 'transfer.processed', 'transfer', transferEntity(row!), account.id);
      return toTransfer(row!);
    });
  }

  return {
    name: 'testpay',

    async createLinkedAccount(input) {
      return db.transaction(async (tx) => {
        const [known] = await tx
          .select()
          .from(testpayLinkedAccounts)
          .where(eq(testpayLinkedAccounts.referenceId, input.referenceId));
        if (known) return { accountId: known.id };
        const id = providerId('acc');
        await tx.insert(testpayLinkedAccounts).values({
          id,
          referenceId: input.referenceId,
          email: input.email,
          businessName: input.businessName,
          createdAt: clock.now(),
        });
        return { accountId: id };
      });
    },

    async configureSettlement(accountId, bank, productId) {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select()
          .from(testpayLinkedAccounts)
          .where(eq(testpayLinkedAccounts.id, accountId))
          .for('update');
        if (!account) throw refused('The id provided does not exist');
        // A configuration the account does not have cannot be changed; asked for again, Route answers the one it has.
        if (productId && productId !== account.productId) throw refused('The id provided does not exist');
        const product = account.productId ?? providerId('acc_prd');
        await tx
          .update(testpayLinkedAccounts)
          .set({
            status: 'activated',
            productId: product,
            beneficiaryName: bank.beneficiaryName,
            accountNumber: bank.accountNumber,
            ifsc: bank.ifsc,
          })
          .where(eq(testpayLinkedAccounts.id, accountId));
        return { productId: product, status: 'activated' as const, problem: null };
      });
    },

    transfer: (input, opts) => makeTransfer(input, opts),
    dashboardTransfer: (account, amount) =>
      makeTransfer({ account, amount, notes: { made_at: 'dashboard' } }),

    async reverse(transferId, input, opts) {
      return db.transaction(async (tx) => {
        if (opts?.retry) {
          const [done] = await tx
            .select()
            .from(testpayReversals)
            .where(sql`${testpayReversals.notes}->>'petti_reversal' = ${input.notes.petti_reversal}`);
          if (done) return toReversal(done);
        }
        const [transfer] = await tx
          .select()
          .from(testpayTransfers)
          .where(eq(testpayTransfers.id, transferId))
          .for('update');
        if (!transfer) throw refused('The id provided does not exist');
        await tx
          .select({ id: testpayLinkedAccounts.id })
          .from(testpayLinkedAccounts)
          .where(eq(testpayLinkedAccounts.id, transfer.recipient))
          .for('update');
        if (!Number.isInteger(input.amount) || input.amount <= 0)
          throw refused('The amount must be a positive integer');
        if (input.amount > transfer.amountPaise - transfer.amountReversedPaise)
          throw refused('The reversal amount is greater than the amount transferred');
        if ((await balance(tx, transfer.recipient)) < input.amount)
          throw refused('The linked account does not have sufficient balance for this reversal');
        const id = providerId('rvrsl');
        await tx.insert(testpayReversals).values({
          id,
          transferId,
          amountPaise: input.amount,
          notes: input.notes,
          createdAt: clock.now(),
        });
        await tx
          .update(testpayTransfers)
          .set({ amountReversedPaise: transfer.amountReversedPaise + input.amount })
          .where(eq(testpayTransfers.id, transferId));
        return { id, transferId, amount: input.amount, notes: input.notes };
      });
    },

    async listTransfers({ from, skip, count }) {
      const rows = await db
        .select()
        .from(testpayTransfers)
        .where(gte(testpayTransfers.createdAt, from))
        .orderBy(desc(testpayTransfers.createdAt), desc(testpayTransfers.id))
        .offset(skip)
        .limit(Math.min(100, count));
      return rows.map(toTransfer);
    },

    async reversalsOf(transferId) {
      const rows = await db
        .select()
        .from(testpayReversals)
        .where(eq(testpayReversals.transferId, transferId))
        .orderBy(asc(testpayReversals.createdAt));
      return rows.map(toReversal);
    },

    async transfersOfSettlement(settlementId) {
      const rows = await db
        .select()
        .from(testpayTransfers)
        .where(eq(testpayTransfers.settlementId, settlementId));
      return rows.map(toTransfer);
    },

    async settleDue(before) {
      const accounts = await db
        .select({ id: testpayLinkedAccounts.id })
        .from(testpayLinkedAccounts)
        .where(eq(testpayLinkedAccounts.status, 'activated'));
      let made = 0;
      for (const { id: accountId } of accounts) {
        made += await db.transaction(async (tx) => {
          await tx
            .select({ id: testpayLinkedAccounts.id })
            .from(testpayLinkedAccounts)
            .where(eq(testpayLinkedAccounts.id, accountId))
            .for('update', { skipLocked: true });
          const waiting = await tx
            .select()
            .from(testpayTransfers)
            .where(and(eq(testpayTransfers.recipient, accountId), isNull(testpayTransfers.settlementId)));
          // The whole floating balance goes once any transfer has waited its cycle.
          const amount = await balance(tx, accountId);
          if (!waiting.some((t) => t.createdAt <= before) || amount <= 0) return 0;
          const due = waiting;
          const id = providerId('setl');
          const utr = Array.from({ length: 16 }, () => randomInt(10)).join('');
          await tx
            .insert(testpaySettlements)
            .values({ id, accountId, amountPaise: amount, utr, createdAt: clock.now() });
          for (const t of due) {
            await tx.update(testpayTransfers).set({ settlementId: id }).where(eq(testpayTransfers.id, t.id));
          }
          await queue(
            tx,
            'settlement.processed',
            'settlement',
            {
              id,
              entity: 'settlement',
              amount,
              status: 'processed',
              fees: 0,
              tax: 0,
              utr,
              created_at: Math.floor(clock.now().getTime() / 1000),
            },
            accountId,
          );
          return 1;
        });
      }
      return made;
    },

    balanceOf: (accountId) => balance(db, accountId),

    signed(row) {
      return { body: row.body, signature: hmacHex(keySecret, row.body), eventId: row.id };
    },
  };
}
