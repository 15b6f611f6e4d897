import { formatRupees } from '@petti/shared';
import { isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Finding } from '../money/index.ts';
import type { PlansDeps } from './deps.ts';
import { planMandates, subscriptions } from './schema.ts';

/**
 * Each mandate's books (docs/payments.md#money-checks): what its charges kept equals the periods it
 * granted times its price. A granted period counts its charge in full (a goodwill partial refund
 * leaves the plan running) unless it was all refunded; a charge that granted nothing (refused, or the period cancelled) must
 * have gone back in full. A charge of another amount never gets this far: the webhook holds it.
 */
export function registerMandateBooks(deps: PlansDeps): void {
  deps.checks.register('mandates', async (q: DbOrTx) => {
    const mandates = await q.select().from(planMandates);
    if (mandates.length === 0) return [];
    const periods = await q
      .select({
        mandateId: subscriptions.mandateId,
        status: subscriptions.status,
        paymentId: subscriptions.paymentId,
      })
      .from(subscriptions)
      .where(isNotNull(subscriptions.mandateId));
    const paid = new Map(
      (await deps.payments.tookMoney(q)).filter((p) => p.purpose === 'plan').map((p) => [p.id, p]),
    );
    const found: Finding[] = [];
    for (const m of mandates) {
      let granted = 0;
      let kept = 0;
      for (const s of periods) {
        if (s.mandateId !== m.id) continue;
        const p = s.paymentId ? paid.get(s.paymentId) : undefined;
        if (s.status === 'active') {
          granted += 1;
          // Paid for, unless all of it went back: then the period was given for nothing.
          kept += p && p.refundedPaise < p.amountPaise ? p.amountPaise : 0;
        } else if (p) kept += p.amountPaise - p.refundedPaise;
      }
      if (kept === granted * m.amountPaise) continue;
      found.push({
        rule: 'mandate_books',
        subject: m.id,
        expectedPaise: granted * m.amountPaise,
        actualPaise: kept,
        detail: `Mandate ${m.providerSubscriptionId}: ${granted} period(s) at ${formatRupees(m.amountPaise)}, its charges kept ${formatRupees(kept)}`,
      });
    }
    return found;
  });
}
