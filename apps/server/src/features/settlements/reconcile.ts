import { formatRupees } from '@petti/shared';
import { and, eq, gte } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { readAllPages } from '../../platform/payments/provider-pages.ts';
import type { RouteReversal, RouteTransfer } from '../../platform/payments/route-provider.ts';
import type { Finding } from '../money/index.ts';
import { postTransfer } from './books.ts';
import { settlementChecks } from './checks.ts';
import type { SettlementsDeps } from './deps.ts';
import { shopReversals, shopTransfers } from './schema.ts';
import { settlementStore, type TransferRow } from './store.ts';
import { settlementTimers } from './timers.ts';

/** How far back the provider's transfers are read on each run (a transfer older than this is settled history). */
export const RECONCILE_WINDOW_DAYS = 60;
/** How often each process compares the books with the provider's records. */
export const RECONCILE_EVERY_MS = 30 * 60_000;
/** A Petti transfer this new may not be listed by the provider yet: not called missing. */
const LISTING_GRACE_MS = 10 * 60_000;

/** What settlement's own checks find that running the order's timer again puts right. */
const REARMED_RULES = new Set(['order_settlement', 'order_not_sent', 'transfer_pending']);

export interface Reconciled {
  /** What was put right (or set going to be), one line each: a lost transfer recorded, a reversal owed asked for. */
  repaired: string[];
  /** What was held for an operator (not Petti's to repair). */
  held: number;
}

/**
 * The reconciliation (docs/payments.md#reconciliation): Petti's transfers and reversals against the
 * provider's own records, read outside any transaction. It repairs what the provider's records prove
 * (a transfer it made for a Petti order that Petti lost is recorded; a reversal it made that Petti lost,
 * too; a transfer or reversal still under way, and an order whose shop holds more than it earns, is set
 * going again) and holds what it cannot (a provider transfer Petti never asked for, an amount other
 * than Petti's, a transfer or reversal Petti recorded that the provider has not).
 */
export function createReconciliation(deps: SettlementsDeps) {
  const { db, clock, route, transactor } = deps;

  async function providerTransfers(from: Date): Promise<RouteTransfer[]> {
    return (await readAllPages((skip, count) => route.listTransfers({ from, skip, count }))).items;
  }

  const hold = (tx: Tx, f: Finding) => deps.checks.hold(tx, f);

  /** A transfer the provider made for a Petti order whose row Petti lost: recorded as the provider has it. */
  async function recordLost(t: RouteTransfer, reversals: RouteReversal[]): Promise<string | null> {
    const transferId = t.notes.petti_transfer;
    const orderId = t.notes.order;
    return transactor.run(async (tx) => {
      const account = await settlementStore.accountByLinked(tx, t.recipient, true);
      const [share] = orderId ? await deps.orders.shares(tx, { orderIds: [orderId] }) : [];
      const known = orderId ? await settlementStore.transferOf(tx, orderId, true) : undefined;
      if (!transferId || !orderId || !account || !share || share.sellerId !== account.sellerId || known) {
        await hold(tx, {
          rule: 'provider_transfer_unknown',
          subject: t.id,
          sellerId: account?.sellerId ?? null,
          orderId: share ? orderId : null,
          expectedPaise: known?.amountPaise ?? 0,
          actualPaise: t.amount,
          detail: known
            ? `The provider made transfer ${t.id} of ${formatRupees(t.amount)} for order ${orderId}, which Petti sent as ${known.providerTransferId ?? known.id}`
            : `The provider made transfer ${t.id} of ${formatRupees(t.amount)} to ${t.recipient}, which Petti never asked for`,
        });
        return null;
      }
      const now = clock.now();
      await tx.insert(shopTransfers).values({
        id: transferId,
        sellerId: account.sellerId,
        orderId,
        paymentId: share.paymentId,
        provider: route.name,
        linkedAccountId: t.recipient,
        providerTransferId: t.id,
        sharePaise: t.amount,
        amountPaise: t.amount,
        recoveredPaise: 0,
        status: 'processed',
        settlementId: t.settlementId,
        settledAt: t.settlementId ? now : null,
        createdAt: t.createdAt,
        updatedAt: now,
      });
      for (const r of reversals)
        await tx.insert(shopReversals).values({
          id: r.notes.petti_reversal ?? `${t.id}:${r.id}`,
          transferId,
          sellerId: account.sellerId,
          amountPaise: r.amount,
          status: 'processed',
          providerReversalId: r.id,
          createdAt: now,
        });
      await postTransfer(deps, tx, transferId);
      // What it earns now may differ (a refund since): the order's timer brings it in line.
      await settlementTimers.order(tx, clock, orderId);
      return `order ${orderId}: transfer ${t.id} of ${formatRupees(t.amount)} recorded from the provider`;
    });
  }

  /** Reversals the provider made of a transfer Petti has, against Petti's own. */
  async function compareReversals(row: TransferRow, t: RouteTransfer, repaired: string[]): Promise<number> {
    const theirs = await route.reversalsOf(t.id);
    return transactor.run(async (tx) => {
      let held = 0;
      const locked = await settlementStore.transferOf(tx, row.orderId, true);
      if (!locked) return 0;
      const ours = await settlementStore.reversalsOf(tx, [locked.id]);
      let rearm = false;
      /** A reversal one side has and the other does not: held for operators, on the transfer's order. */
      const holdReversal = async (
        rule: string,
        subject: string,
        expectedPaise: number,
        actualPaise: number,
        detail: string,
      ) => {
        held += 1;
        await hold(tx, {
          rule,
          subject,
          sellerId: locked.sellerId,
          orderId: locked.orderId,
          expectedPaise,
          actualPaise,
          detail,
        });
      };
      for (const r of theirs) {
        if (ours.some((o) => o.providerReversalId === r.id)) continue;
        const mine = ours.find((o) => o.id === r.notes.petti_reversal);
        if (mine?.status === 'pending') {
          // Asked and made, its answer lost: the reversal's own run records it (its retry finds it).
          rearm = true;
          continue;
        }
        if (!mine && r.notes.petti_reversal) {
          await tx.insert(shopReversals).values({
            id: r.notes.petti_reversal,
            transferId: locked.id,
            sellerId: locked.sellerId,
            amountPaise: r.amount,
            status: 'processed',
            providerReversalId: r.id,
            createdAt: clock.now(),
          });
          await postTransfer(deps, tx, locked.id);
          rearm = true;
          repaired.push(`order ${locked.orderId}: reversal ${r.id} of ${formatRupees(r.amount)} recorded`);
          continue;
        }
        await holdReversal(
          'provider_reversal_unknown',
          r.id,
          0,
          r.amount,
          `The provider reversed ${formatRupees(r.amount)} of transfer ${t.id} (${r.id}), which Petti never asked for`,
        );
      }
      for (const o of ours) {
        if (o.status !== 'processed' || !o.providerReversalId) continue;
        if (theirs.some((r) => r.id === o.providerReversalId)) continue;
        await holdReversal(
          'provider_reversal_missing',
          o.providerReversalId,
          o.amountPaise,
          0,
          `Petti recorded reversal ${o.providerReversalId} of ${formatRupees(o.amountPaise)} for order ${locked.orderId}, which the provider does not have`,
        );
      }
      if (rearm) await settlementTimers.order(tx, clock, locked.orderId);
      return held;
    });
  }

  return async function reconcile(): Promise<Reconciled> {
    const now = clock.now();
    const from = new Date(now.getTime() - RECONCILE_WINDOW_DAYS * 86_400_000);
    const repaired: string[] = [];
    let held = 0;
    const theirs = await providerTransfers(from);
    const ours = await db
      .select()
      .from(shopTransfers)
      .where(and(eq(shopTransfers.provider, route.name), gte(shopTransfers.createdAt, from)));
    const byId = new Map(ours.map((o) => [o.id, o]));
    const byProviderId = new Map(
      ours.flatMap((o) => (o.providerTransferId ? [[o.providerTransferId, o]] : [])),
    );

    for (const t of theirs) {
      const row =
        byProviderId.get(t.id) ?? (t.notes.petti_transfer ? byId.get(t.notes.petti_transfer) : undefined);
      if (!row) {
        // Perhaps older than the window on Petti's side: looked up by its own id before it is called lost.
        const older = t.notes.order ? await settlementStore.transferOf(db, t.notes.order) : undefined;
        if (older && (older.providerTransferId === t.id || older.id === t.notes.petti_transfer)) continue;
        const done = await recordLost(t, t.amountReversed > 0 ? await route.reversalsOf(t.id) : []);
        if (done) repaired.push(done);
        else held += 1;
        continue;
      }
      if (row.status === 'pending' || row.status === 'failed') {
        // The provider made it; Petti's run or webhook did not hear: the order's run asks again with
        // `retry` (answered the made transfer, never a second one); a failed one is recorded as made.
        await transactor.run(async (tx) => {
          if (row.status === 'failed' && t.amount === row.amountPaise) {
            await tx
              .update(shopTransfers)
              .set({ status: 'processed', providerTransferId: t.id, failure: null, updatedAt: clock.now() })
              .where(and(eq(shopTransfers.id, row.id), eq(shopTransfers.status, 'failed')));
            await postTransfer(deps, tx, row.id);
          }
          await settlementTimers.order(tx, clock, row.orderId);
        });
        repaired.push(`order ${row.orderId}: transfer ${t.id} made at the provider, set going again`);
        continue;
      }
      if (row.status === 'processed' && t.amount !== row.amountPaise) {
        held += 1;
        await transactor.run((tx) =>
          hold(tx, {
            rule: 'provider_transfer_amount',
            subject: row.id,
            sellerId: row.sellerId,
            orderId: row.orderId,
            expectedPaise: row.amountPaise,
            actualPaise: t.amount,
            detail: `The provider has transfer ${t.id} for order ${row.orderId} as ${formatRupees(t.amount)}; Petti sent ${formatRupees(row.amountPaise)}`,
          }),
        );
      }
      if (row.status === 'processed' && !row.settledAt && t.settlementId) {
        // The provider paid it into the shop's bank and its settlement.processed was lost: that
        // settlement's transfers are marked settled by the same timer the webhook sets.
        await transactor.run((tx) => settlementTimers.settled(tx, clock, t.settlementId!));
        repaired.push(`order ${row.orderId}: transfer ${t.id} settled by ${t.settlementId}, recorded`);
      }
      const reversed = (await settlementStore.reversalsOf(db, [row.id]))
        .filter((r) => r.status === 'processed')
        .reduce((n, r) => n + r.amountPaise, 0);
      if (reversed !== t.amountReversed) held += await compareReversals(row, t, repaired);
    }

    // Transfers Petti recorded as made that the provider does not list.
    const listed = new Set(theirs.map((t) => t.id));
    for (const o of ours) {
      if (o.status !== 'processed' || !o.providerTransferId || listed.has(o.providerTransferId)) continue;
      if (now.getTime() - o.createdAt.getTime() < LISTING_GRACE_MS) continue;
      held += 1;
      await transactor.run((tx) =>
        hold(tx, {
          rule: 'provider_transfer_missing',
          subject: o.id,
          sellerId: o.sellerId,
          orderId: o.orderId,
          expectedPaise: o.amountPaise,
          actualPaise: 0,
          detail: `Petti recorded transfer ${o.providerTransferId} of ${formatRupees(o.amountPaise)} for order ${o.orderId}, which the provider does not list`,
        }),
      );
    }

    // A share never sent, more with the shop than the order earns, or a transfer or reversal left
    // waiting (its run lost with its timer): the order's timer sends, asks again with `retry`, or takes
    // back the difference. Set again while a run goes on, it only runs once more after it.
    const owed = (await settlementChecks(deps)(db)).filter((f) => REARMED_RULES.has(f.rule) && f.orderId);
    if (owed.length)
      await transactor.run(async (tx) => {
        for (const f of owed) await settlementTimers.order(tx, clock, f.orderId!);
      });
    for (const f of owed) repaired.push(`order ${f.orderId}: ${f.rule}, set going again`);
    return { repaired, held };
  };
}
