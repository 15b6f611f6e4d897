import { formatRupees } from '@petti/shared';
import {
  isValidAccountNumber,
  isValidIfsc,
  normaliseAccountNumber,
  normaliseIfsc,
} from '@petti/shared/rules/bank-account';
import type {
  PayoutAccount,
  PayoutAccountBody,
  PayoutAccountState,
  ShopPayouts,
} from '@petti/shared/schemas/shop-payouts';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { timerString } from '../../platform/jobs/timer-data.ts';
import { postTransfer, shopBooks, transferScope } from './books.ts';
import { settlementChecks } from './checks.ts';
import { SETTLEMENT_TIMERS, type SettlementsDeps } from './deps.ts';
import { defineLinkAccountFlow } from './flows/link-account.ts';
import { defineReverseFlow } from './flows/reverse.ts';
import { defineTransferFlow } from './flows/transfer.ts';
import { createReconciliation, RECONCILE_EVERY_MS } from './reconcile.ts';
import { shopPayoutAccounts, shopTransfers } from './schema.ts';
import { type PayoutAccountRow, settlementStore, type TransferRow } from './store.ts';
import { settlementTimers } from './timers.ts';

// The parts of Route's webhooks read here (Razorpay's shapes; testpay sends the same).
const transferEvent = z.object({
  payload: z.object({
    transfer: z.object({
      entity: z.object({
        id: z.string(),
        amount: z.number().int().nullish(),
        notes: z.union([z.record(z.string(), z.string()), z.array(z.unknown())]).optional(),
        error: z.object({ description: z.string().nullish() }).nullish(),
      }),
    }),
  }),
});
const settlementEvent = z.object({
  account_id: z.string(),
  payload: z.object({ settlement: z.object({ entity: z.object({ id: z.string() }) }) }),
});
const productEvent = z.object({
  account_id: z.string(),
  /** The event's own time (seconds): a late event older than the account's state is not applied. */
  created_at: z.number().int().nullish(),
  payload: z
    .object({
      merchant_product: z
        .object({
          entity: z.object({ requirements: z.array(z.object({ reason_code: z.string() })).optional() }),
        })
        .optional(),
    })
    .default({}),
});

const toAccount = (row: PayoutAccountRow): PayoutAccount => ({
  status: row.status,
  beneficiaryName: row.beneficiaryName,
  accountLast4: row.accountLast4,
  ifsc: row.ifsc,
  problem: row.problem,
});

/** How far along linking each state is: a state never moves back on an event not newer than it. */
const ACCOUNT_RANK: Record<PayoutAccountState, number> = {
  linking: 0,
  failed: 0,
  under_review: 1,
  needs_clarification: 1,
  activated: 2,
};

/**
 * Why a `product.route.*` event is not applied, or null to apply it: an event older than the
 * account's state (its own `created_at` before the last change) changes nothing; one of the same
 * second, or without a time, may only move the account forward.
 */
export function routeEventIsLate(
  account: Pick<PayoutAccountRow, 'status' | 'statusAt' | 'updatedAt'>,
  status: PayoutAccountState,
  createdAtSeconds: number | null | undefined,
): string | null {
  const stateSecond = Math.floor((account.statusAt ?? account.updatedAt).getTime() / 1000);
  if (createdAtSeconds != null && createdAtSeconds < stateSecond)
    return `older than the account's ${account.status}`;
  const newer = createdAtSeconds != null && createdAtSeconds > stateSecond;
  if (!newer && ACCOUNT_RANK[status] < ACCOUNT_RANK[account.status])
    return `would move ${account.status} back to ${status}`;
  return null;
}

/**
 * Shop settlements (docs/shops.md#settlement): each paid order's share sent to its shop's linked
 * account, and taken back when the order is refunded. Every change of an order's money sets the
 * order's timer (in the same transaction); the timer brings the order's transfer in line with what it
 * earns now, so a lost answer, a dead process or a provider that was down is made good by running it again.
 */
export function createSettlements(deps: SettlementsDeps) {
  const { db, clock, log, route, transactor } = deps;
  const transferFlow = defineTransferFlow(deps);
  const reverseFlow = defineReverseFlow(deps);
  const linkFlow = defineLinkAccountFlow(deps);

  /** One order's transfer brought in line with what it earns now. */
  async function settleOrder(orderId: string): Promise<void> {
    // A resumed step may leave more to do (a transfer sent, then a refund to take back): a few passes.
    for (let pass = 0; pass < 3; pass++) {
      const [share] = await deps.orders.shares(db, { orderIds: [orderId] });
      if (!share) return;
      const account = await settlementStore.account(db, share.sellerId);
      if (account?.status !== 'activated') return;
      const transfer = await settlementStore.transferOf(db, orderId);
      // Razorpay refuses transfers on a payment refunded in part: those come from the platform's balance.
      const providerPaymentId = async () => {
        const payment = await deps.payments.findById(db, share.paymentId);
        return payment?.provider === deps.provider && payment.refundedPaise === 0
          ? payment.providerPaymentId
          : null;
      };
      if (!transfer || transfer.status === 'failed') {
        if (share.sharePaise <= 0) return;
        // A failed one is tried again only when the shop's account changed since (a new linking).
        if (transfer?.status === 'failed' && transfer.updatedAt > account.updatedAt) return;
        await transferFlow.run({ ...share, providerPaymentId: await providerPaymentId() });
        continue;
      }
      if (transfer.status === 'pending') {
        // Refused once from its payment (flows/transfer.ts): asked again from Petti's balance.
        const from = transfer.failure ? null : await providerPaymentId();
        await transferFlow.run({ resume: transfer, providerPaymentId: from });
        continue;
      }
      const reversals = await settlementStore.reversalsOf(db, [transfer.id]);
      const pending = reversals.find((r) => r.status === 'pending');
      if (pending && transfer.providerTransferId) {
        await reverseFlow.run({ resume: pending, providerTransferId: transfer.providerTransferId, orderId });
        continue;
      }
      const given = transfer.sharePaise - reversals.reduce((n, r) => n + r.amountPaise, 0);
      if (given <= share.sharePaise) return;
      await reverseFlow.run({ orderId, amountPaise: given - share.sharePaise });
    }
  }

  /** Every paid order of a shop (its account can receive now). */
  async function settleShop(sellerId: string): Promise<void> {
    const shares = await deps.orders.shares(db, { sellerId });
    await transactor.run(async (tx) => {
      for (const s of shares) await settlementTimers.order(tx, clock, s.orderId);
    });
  }

  /** The transfers a provider settlement paid into a shop's bank. */
  async function markSettled(settlementId: string): Promise<void> {
    const paid = await route.transfersOfSettlement(settlementId);
    const ids = paid.map((t) => t.id);
    if (!ids.length) return;
    await db
      .update(shopTransfers)
      .set({ settlementId, settledAt: clock.now(), updatedAt: clock.now() })
      .where(inArray(shopTransfers.providerTransferId, ids));
  }

  async function transferByEvent(
    tx: Tx,
    entity: z.infer<typeof transferEvent>['payload']['transfer']['entity'],
  ) {
    const notes = entity.notes && !Array.isArray(entity.notes) ? entity.notes : {};
    const [row] = await tx
      .select()
      .from(shopTransfers)
      .where(
        notes.petti_transfer
          ? eq(shopTransfers.id, notes.petti_transfer)
          : eq(shopTransfers.providerTransferId, entity.id),
      )
      .for('update');
    return row;
  }

  deps.payments.onMoneyMoved(async (fx, payment) => {
    if (payment.purpose !== 'order') return;
    const [timer] = await settlementTimers.order(fx.tx, clock, payment.subjectId);
    // At once after the commit; the worker retries it if this fails.
    if (timer)
      fx.later(async () => {
        await deps.jobs
          .runTimer(timer.id)
          .catch((err: unknown) => log.warn({ err }, 'settling an order at once failed'));
      });
  });

  /** A provider's word about a transfer that Petti will not apply, held for an operator. */
  const holdTransfer = (fx: { tx: Tx }, row: TransferRow, rule: string, actual: number, detail: string) =>
    deps.checks.hold(fx.tx, {
      rule,
      subject: row.id,
      sellerId: row.sellerId,
      orderId: row.orderId,
      expectedPaise: row.amountPaise,
      actualPaise: actual,
      detail,
    });

  // A transfer's run may have died after the provider made it: the webhook records it. A transfer
  // Petti marked failed (the provider refused the ask) that the provider says it made is recorded
  // too, so it is never sent again; and an amount other than Petti asked for is held, not recorded.
  deps.payments.onWebhookEvent('transfer.processed', async (fx, body) => {
    const parsed = transferEvent.safeParse(body);
    if (!parsed.success) return { status: 'ignored', detail: 'no transfer entity' };
    const entity = parsed.data.payload.transfer.entity;
    const row = await transferByEvent(fx.tx, entity);
    if (!row) return { status: 'ignored', detail: 'not a Petti transfer' };
    if (row.status === 'processed' || row.status === 'recovered')
      return { status: 'ignored', detail: `already ${row.status}` };
    if (entity.amount != null && entity.amount !== row.amountPaise) {
      await holdTransfer(
        fx,
        row,
        'provider_transfer_amount',
        entity.amount,
        `The provider made transfer ${entity.id} of ${formatRupees(entity.amount)} for order ${row.orderId}, which asked for ${formatRupees(row.amountPaise)}`,
      );
      return { status: 'ignored', detail: 'held: the amount is not what Petti asked for' };
    }
    await fx.tx
      .update(shopTransfers)
      .set({ status: 'processed', providerTransferId: entity.id, failure: null, updatedAt: clock.now() })
      .where(eq(shopTransfers.id, row.id));
    await postTransfer(deps, fx.tx, row.id);
    return { status: 'applied' };
  });
  // A transfer is final once processed: a failure told after that (late, or out of order) never
  // moves it back (the shop would be paid again on its next linking); it is held for an operator.
  deps.payments.onWebhookEvent('transfer.failed', async (fx, body) => {
    const parsed = transferEvent.safeParse(body);
    if (!parsed.success) return { status: 'ignored', detail: 'no transfer entity' };
    const entity = parsed.data.payload.transfer.entity;
    const row = await transferByEvent(fx.tx, entity);
    if (!row) return { status: 'ignored', detail: 'not a Petti transfer' };
    if (row.status === 'processed') {
      await holdTransfer(
        fx,
        row,
        'provider_transfer_state',
        0,
        `The provider says transfer ${entity.id} for order ${row.orderId} failed after it was processed; Petti keeps it as sent`,
      );
      return { status: 'ignored', detail: 'held: already processed' };
    }
    if (row.status !== 'pending') return { status: 'ignored', detail: `already ${row.status}` };
    await settlementStore.markFailed(
      fx.tx,
      row,
      entity.error?.description ?? 'the provider could not make the transfer',
      clock.now(),
      entity.id,
    );
    await postTransfer(deps, fx.tx, row.id);
    return { status: 'applied' };
  });
  deps.payments.onWebhookEvent('settlement.processed', async (fx, body) => {
    const parsed = settlementEvent.safeParse(body);
    if (!parsed.success) return { status: 'ignored', detail: 'no settlement entity' };
    const event = parsed.data;
    if (!(await settlementStore.accountByLinked(fx.tx, event.account_id)))
      return { status: 'ignored', detail: 'not a Petti shop' };
    // Which transfers it paid is asked of the provider, never inside this transaction.
    await settlementTimers.settled(fx.tx, clock, event.payload.settlement.entity.id);
    return { status: 'applied' };
  });
  for (const [event, status] of [
    ['product.route.activated', 'activated'],
    ['product.route.under_review', 'under_review'],
    ['product.route.needs_clarification', 'needs_clarification'],
  ] as const) {
    deps.payments.onWebhookEvent(event, async (fx, body) => {
      const read = productEvent.safeParse(body);
      if (!read.success) return { status: 'ignored', detail: 'no account named' };
      const parsed = read.data;
      const account = await settlementStore.accountByLinked(fx.tx, parsed.account_id, true);
      if (!account) return { status: 'ignored', detail: 'not a Petti shop' };
      const late = routeEventIsLate(account, status, parsed.created_at);
      if (late) return { status: 'ignored', detail: late };
      const problem = parsed.payload.merchant_product?.entity.requirements
        ?.map((r) => r.reason_code)
        .join('; ');
      await fx.tx
        .update(shopPayoutAccounts)
        .set({
          status,
          problem: status === 'needs_clarification' ? (problem ?? null) : null,
          statusAt: parsed.created_at ? new Date(parsed.created_at * 1000) : clock.now(),
          updatedAt: clock.now(),
        })
        .where(eq(shopPayoutAccounts.sellerId, account.sellerId));
      if (status === 'activated') await settlementTimers.shop(fx.tx, clock, account.sellerId);
      return { status: 'applied' };
    });
  }

  deps.checks.register('settlements', settlementChecks(deps));
  const reconcile = createReconciliation(deps);
  deps.checks.reconciler('settlements', reconcile);

  /** Opening entries for transfers made before the journal (docs/payments.md#the-money-journal). */
  async function openTransfers(): Promise<number> {
    const all = await db.select({ id: shopTransfers.id }).from(shopTransfers);
    const missing = await deps.journal.unposted(
      db,
      all.map((t) => transferScope(t.id)),
    );
    let posted = 0;
    for (const scope of missing) {
      const id = scope.slice('transfer:'.length);
      const done = await transactor.run((tx) => postTransfer(deps, tx, id, { opening: true }));
      if (done.posted) posted += 1;
    }
    return posted;
  }
  deps.jobs.register({
    periodic: { name: 'settlement opening entries', everyMs: 6 * 3_600_000, run: openTransfers },
  });

  deps.jobs.register({
    leased: {
      [SETTLEMENT_TIMERS.order]: (timer) => settleOrder(timerString(timer, 'orderId')),
      [SETTLEMENT_TIMERS.shop]: (timer) => settleShop(timerString(timer, 'sellerId')),
      [SETTLEMENT_TIMERS.settled]: (timer) => markSettled(timerString(timer, 'settlementId')),
    },
    periodic: {
      name: 'settlements reconciliation',
      everyMs: RECONCILE_EVERY_MS,
      run: async () => {
        const done = await reconcile();
        if (done.repaired.length) log.warn({ repaired: done.repaired }, 'reconciliation repaired the books');
        return done.repaired.length + done.held;
      },
    },
  });

  return {
    flows: { transfer: transferFlow, reverse: reverseFlow, link: linkFlow },
    settleOrder,
    reconcile,

    /** Owner: the bank account the shop is paid into, linked at the provider. */
    async link(shopId: string, body: PayoutAccountBody): Promise<PayoutAccount> {
      if (!isValidAccountNumber(body.accountNumber)) throw new AppError('BankAccountInvalid');
      if (!isValidIfsc(body.ifsc)) throw new AppError('IfscInvalid');
      const contact = await deps.shops.contact(shopId);
      const phone = (contact.phone ?? '').replace(/\D/g, '').slice(-10);
      await linkFlow.run({
        sellerId: shopId,
        businessName: contact.name,
        phone,
        beneficiaryName: body.beneficiaryName,
        accountNumber: normaliseAccountNumber(body.accountNumber),
        ifsc: normaliseIfsc(body.ifsc),
        email: body.email,
      });
      const row = await settlementStore.account(db, shopId);
      return toAccount(row!);
    },

    /** Owner: the account, the given orders' transfers, and the shop's totals of all time. */
    async payouts(shopId: string, orderIds: readonly string[]): Promise<ShopPayouts> {
      const account = await settlementStore.account(db, shopId);
      const books = await shopBooks(deps, shopId);
      return {
        account: account ? toAccount(account) : null,
        transfers: books.transfers(new Set(orderIds)),
        totals: books.totals,
      };
    },

    /** Posts the transfers made before the journal (run at start, and now and then). */
    openTransfers,

    /** The shop's account at the provider, once linked (null before). */
    async linkedAccountOf(shopId: string): Promise<string | null> {
      return (await settlementStore.account(db, shopId))?.linkedAccountId ?? null;
    },

    /** Ledger check for tests and ops: what a shop's orders earn, against what moved. */
    async ledger(shopId: string) {
      const { earnedPaise, totals } = await shopBooks(deps, shopId);
      return { earnedPaise, ...totals };
    },
  };
}

export type Settlements = ReturnType<typeof createSettlements>;
