import { shopMoneyQuery } from '@petti/shared/schemas/shop-money';
import {
  payoutAccountBody,
  payoutAccountSchema,
  shopPayoutsSchema,
} from '@petti/shared/schemas/shop-payouts';
import { shopParams } from '@petti/shared/schemas/shops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { shopMemberOf } from '../../http/require-role.ts';

const moreErrors = { ...errorResponses, 403: errorBodySchema, 422: errorBodySchema, 502: errorBodySchema };

/** How a shop is paid, for its owner (docs/shops.md#settlement). */
export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settlements, orders } = app.services;
  const tags = ['shops'];
  const security = [{ bearer: [] }];
  const owner = { preHandler: [app.requireUser, app.requireRole.shop(['owner'])] };

  app.get(
    '/shops/:shopId/payouts',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary:
          "Owner: the shop's bank account at the payment provider, the transfers of the orders paid in a span (as `/money`), and all-time totals",
        params: shopParams,
        querystring: shopMoneyQuery,
        response: { 200: shopPayoutsSchema, ...moreErrors },
      },
    },
    async (request) => {
      const { shopId } = shopMemberOf(request);
      const report = await orders.shopMoney(shopId, request.query);
      return settlements.payouts(
        shopId,
        report.orders.map((o) => o.orderId),
      );
    },
  );

  app.put(
    '/shops/:shopId/payout-account',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary:
          'Owner: the bank account the shop is paid into, linked at the payment provider (Razorpay Route)',
        description:
          'Account number of 9 to 18 digits (`BankAccountInvalid`) and an IFSC such as SBIN0001234 (`IfscInvalid`). The provider refusing the details answers 422 `PayoutAccountRefused`; the provider unreachable, 502 `PayoutAccountFailed` (the shop keeps its earlier account). Orders paid before are sent once the account is active.',
        params: shopParams,
        body: payoutAccountBody,
        response: { 200: payoutAccountSchema, ...moreErrors },
      },
    },
    (request) => settlements.link(shopMemberOf(request).shopId, request.body),
  );
};
