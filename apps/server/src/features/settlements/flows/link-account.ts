import { accountLast4 } from '@petti/shared/rules/bank-account';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../http/app-error.ts';
import { callStep, dbStep, undoWith } from '../../../platform/flows/steps.ts';
import { PaymentProviderError } from '../../../platform/payments/payment-provider.ts';
import type { RouteActivation } from '../../../platform/payments/route-provider.ts';
import type { SettlementsDeps } from '../deps.ts';
import { shopPayoutAccounts } from '../schema.ts';
import { type PayoutAccountRow, settlementStore } from '../store.ts';
import { settlementTimers } from '../timers.ts';

export interface LinkAccountRequest {
  sellerId: string;
  businessName: string;
  phone: string;
  /** Normalised already (rules/bank-account.ts). */
  beneficiaryName: string;
  accountNumber: string;
  ifsc: string;
  email: string;
}

/**
 * `settlements.link-account` (docs/shops.md#settlement): the shop's details saved (only the account's
 * last four digits), its linked account opened at the provider (our shop id is its reference, so asking
 * again answers the same account) and kept, then Route asked for with the bank account (the pivot).
 * A provider that says no before the pivot puts the shop's old details back; after it, the account is
 * marked failed with the provider's words, and the owner sends the details again.
 */
export function defineLinkAccountFlow(deps: SettlementsDeps) {
  const { clock, route } = deps;

  const save = dbStep({
    name: 'settlements.save-payout-account',
    async run(fx, input: LinkAccountRequest) {
      const before = (await settlementStore.account(fx.tx, input.sellerId, true)) ?? null;
      const now = clock.now();
      // A different provider's account cannot receive from this one.
      const same = before?.provider === deps.provider;
      const values = {
        provider: deps.provider,
        linkedAccountId: same ? before.linkedAccountId : null,
        routeProductId: same ? before.routeProductId : null,
        status: 'linking' as const,
        beneficiaryName: input.beneficiaryName,
        accountLast4: accountLast4(input.accountNumber),
        ifsc: input.ifsc,
        email: input.email,
        problem: null,
        statusAt: now,
        updatedAt: now,
      };
      await fx.tx
        .insert(shopPayoutAccounts)
        .values({ sellerId: input.sellerId, createdAt: now, ...values })
        .onConflictDoUpdate({ target: shopPayoutAccounts.sellerId, set: values });
      return undoWith(
        { accountId: values.linkedAccountId, productId: values.routeProductId },
        { sellerId: input.sellerId, before },
      );
    },
    async undo(fx, data: { sellerId: string; before: PayoutAccountRow | null }) {
      if (!data.before) {
        await fx.tx.delete(shopPayoutAccounts).where(eq(shopPayoutAccounts.sellerId, data.sellerId));
        return;
      }
      const { sellerId: _s, createdAt: _c, updatedAt: _u, ...before } = data.before;
      await fx.tx
        .update(shopPayoutAccounts)
        .set(before)
        .where(eq(shopPayoutAccounts.sellerId, data.sellerId));
    },
  });

  const open = callStep({
    name: 'settlements.open-linked-account',
    run: (input: LinkAccountRequest) =>
      route.createLinkedAccount({
        referenceId: input.sellerId,
        businessName: input.businessName,
        contactName: input.beneficiaryName,
        email: input.email,
        phone: input.phone,
      }),
  });

  const keep = dbStep({
    name: 'settlements.keep-linked-account',
    async run(fx, input: { sellerId: string; accountId: string }) {
      await fx.tx
        .update(shopPayoutAccounts)
        .set({ linkedAccountId: input.accountId, updatedAt: clock.now() })
        .where(eq(shopPayoutAccounts.sellerId, input.sellerId));
    },
  });

  const configure = callStep({
    name: 'settlements.configure-route',
    pivot: true,
    run: (input: { accountId: string; productId: string | null; bank: LinkAccountRequest }) =>
      route.configureSettlement(
        input.accountId,
        {
          beneficiaryName: input.bank.beneficiaryName,
          accountNumber: input.bank.accountNumber,
          ifsc: input.bank.ifsc,
        },
        input.productId,
      ),
  });

  const activate = dbStep({
    name: 'settlements.record-activation',
    async run(fx, input: { sellerId: string; activation: RouteActivation }) {
      await fx.tx
        .update(shopPayoutAccounts)
        .set({
          routeProductId: input.activation.productId,
          status: input.activation.status,
          problem: input.activation.problem,
          statusAt: clock.now(),
          updatedAt: clock.now(),
        })
        .where(eq(shopPayoutAccounts.sellerId, input.sellerId));
      // Orders paid before the account could receive are sent now.
      if (input.activation.status === 'activated') await settlementTimers.shop(fx.tx, clock, input.sellerId);
    },
  });

  const failed = dbStep({
    name: 'settlements.payout-account-failed',
    async run(fx, input: { sellerId: string; problem: string }) {
      await fx.tx
        .update(shopPayoutAccounts)
        .set({
          status: 'failed',
          problem: input.problem.slice(0, 300),
          statusAt: clock.now(),
          updatedAt: clock.now(),
        })
        .where(eq(shopPayoutAccounts.sellerId, input.sellerId));
    },
  });

  return deps.flows.define<LinkAccountRequest, void>({
    name: 'settlements.link-account',
    steps: [save, open, keep, configure, activate, failed],
    async run(flow, input) {
      const saved = await flow.db(save, input);
      let accountId = saved.accountId;
      try {
        if (!accountId) {
          accountId = (await flow.call(open, input)).accountId;
          await flow.db(keep, { sellerId: input.sellerId, accountId });
        }
      } catch (err) {
        throw providerFailure(err);
      }
      let activation: RouteActivation;
      try {
        activation = await flow.call(configure, { accountId, productId: saved.productId, bank: input });
      } catch (err) {
        await flow.db(
          failed,
          { sellerId: input.sellerId, problem: err instanceof Error ? err.message : String(err) },
          { ends: true },
        );
        throw providerFailure(err);
      }
      await flow.db(activate, { sellerId: input.sellerId, activation }, { ends: true });
    },
  });
}

/** The provider's refusal or silence in the owner's words. */
function providerFailure(err: unknown): unknown {
  if (!(err instanceof PaymentProviderError)) return err;
  return err.status >= 400 && err.status < 500
    ? new AppError('PayoutAccountRefused')
    : new AppError('PayoutAccountFailed');
}
