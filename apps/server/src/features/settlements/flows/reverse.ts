import { and, eq, inArray } from 'drizzle-orm';
import { callStep, dbStep, undoWith } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import { PaymentProviderError } from '../../../platform/payments/payment-provider.ts';
import type { RouteReversal } from '../../../platform/payments/route-provider.ts';
import { postTransfer } from '../books.ts';
import type { SettlementsDeps } from '../deps.ts';
import { shopReversals } from '../schema.ts';
import { type ReversalRow, settlementStore } from '../store.ts';

export interface ReverseRequest {
  orderId: string;
  /** What the order no longer earns, beyond what was taken back already. */
  amountPaise: number;
}

interface Reserved {
  id: string;
  orderId: string;
  providerTransferId: string;
  amountPaise: number;
  retry: boolean;
}

/**
 * `settlements.reverse` (docs/shops.md#settlement): a refunded order's money taken back from its
 * shop. Reserved under the transfer's row lock; what was never sent (kept back for an earlier debt)
 * cannot be taken from the provider and is owed at once; the rest is asked of the provider (the pivot;
 * our id in its notes, so a retry cannot take twice). A provider that refuses (the money reached the
 * bank and the account's balance is short) leaves it owed: later transfers keep it back.
 */
export function defineReverseFlow(deps: SettlementsDeps) {
  const { clock, route } = deps;

  const reserve = dbStep({
    name: 'settlements.reserve-reversal',
    async run(fx, input: ReverseRequest) {
      const tx = fx.tx;
      const transfer = await settlementStore.transferOf(tx, input.orderId, true);
      if (!transfer || (transfer.status !== 'processed' && transfer.status !== 'recovered'))
        return undoWith(null, { ids: [] as string[] });
      const earlier = await settlementStore.reversalsOf(tx, [transfer.id]);
      // What is owed back is worked out again under the lock: two runs for one order (a re-arm
      // while one ran) must not both take back the same refund.
      const [share] = await deps.orders.shares(tx, { orderIds: [input.orderId] });
      const given = transfer.sharePaise - earlier.reduce((n, r) => n + r.amountPaise, 0);
      const needed = Math.min(input.amountPaise, given - (share?.sharePaise ?? 0));
      if (needed <= 0) return undoWith(null, { ids: [] as string[] });
      const fromProvider = earlier
        .filter((r) => r.status !== 'unrecovered')
        .reduce((n, r) => n + r.amountPaise, 0);
      const reversible = Math.max(0, transfer.amountPaise - fromProvider);
      const asked = Math.min(needed, reversible);
      const owed = needed - asked;
      const ids: string[] = [];
      const add = async (amountPaise: number, status: 'pending' | 'unrecovered', failure: string | null) => {
        const id = newId();
        ids.push(id);
        await tx.insert(shopReversals).values({
          id,
          transferId: transfer.id,
          sellerId: transfer.sellerId,
          amountPaise,
          status,
          failure,
          createdAt: clock.now(),
        });
        return id;
      };
      if (owed > 0) await add(owed, 'unrecovered', 'kept back for an earlier refund; nothing of it was sent');
      let reserved: Reserved | null = null;
      if (asked > 0 && transfer.providerTransferId) {
        const id = await add(asked, 'pending', null);
        reserved = {
          id,
          orderId: input.orderId,
          providerTransferId: transfer.providerTransferId,
          amountPaise: asked,
          retry: false,
        };
      }
      // A part the provider cannot be asked for is the shop's debt at once (the journal's receivable).
      if (owed > 0) await postTransfer(deps, tx, transfer.id);
      return undoWith(reserved, { ids, transferId: transfer.id });
    },
    async undo(fx, data: { ids: string[]; transferId?: string }) {
      for (const id of data.ids) await fx.tx.delete(shopReversals).where(eq(shopReversals.id, id));
      if (data.ids.length && data.transferId) await postTransfer(deps, fx.tx, data.transferId);
    },
  });

  const send = callStep({
    name: 'settlements.send-reversal',
    pivot: true,
    run: (r: Reserved) =>
      route.reverse(
        r.providerTransferId,
        { amount: r.amountPaise, notes: { petti_reversal: r.id, order: r.orderId } },
        { retry: r.retry },
      ),
  });

  const record = dbStep({
    name: 'settlements.record-reversal',
    async run(fx, input: { id: string; made: RouteReversal }) {
      // What the provider made is made: recorded from pending, or from unrecovered (another run
      // was refused meanwhile); processed stays as it is.
      const [reversal] = await fx.tx
        .update(shopReversals)
        .set({ status: 'processed', providerReversalId: input.made.id })
        .where(and(eq(shopReversals.id, input.id), inArray(shopReversals.status, ['pending', 'unrecovered'])))
        .returning({ transferId: shopReversals.transferId });
      if (reversal) await postTransfer(deps, fx.tx, reversal.transferId);
    },
  });

  const refused = dbStep({
    name: 'settlements.reversal-refused',
    async run(fx, input: { id: string; failure: string }) {
      // Never over a reversal the provider made (processed is final). Refused, it is the shop's debt.
      const [reversal] = await fx.tx
        .update(shopReversals)
        .set({ status: 'unrecovered', failure: input.failure.slice(0, 300) })
        .where(and(eq(shopReversals.id, input.id), eq(shopReversals.status, 'pending')))
        .returning({ transferId: shopReversals.transferId });
      if (reversal) await postTransfer(deps, fx.tx, reversal.transferId);
    },
  });

  return deps.flows.define<
    ReverseRequest | { resume: ReversalRow; providerTransferId: string; orderId: string },
    void
  >({
    name: 'settlements.reverse',
    steps: [reserve, send, record, refused],
    async run(flow, input) {
      const reserved =
        'resume' in input
          ? {
              id: input.resume.id,
              orderId: input.orderId,
              providerTransferId: input.providerTransferId,
              amountPaise: input.resume.amountPaise,
              retry: true,
            }
          : await flow.db(reserve, input);
      if (!reserved) return;
      let made: RouteReversal;
      try {
        made = await flow.call(send, reserved);
      } catch (err) {
        if (err instanceof PaymentProviderError && err.status >= 400 && err.status < 500) {
          await flow.db(refused, { id: reserved.id, failure: err.message }, { ends: true });
          return;
        }
        throw err;
      }
      await flow.db(record, { id: reserved.id, made }, { ends: true });
    },
  });
}
