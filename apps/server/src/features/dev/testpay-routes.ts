import { subscriptionParams } from '@petti/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';
import { makeRequireOps } from '../ops/index.ts';

/**
 * testpay's hooks for a demo or a browser test. Registered only with testpay and never in production
 * (app.ts):
 * - the fast-forward for automatic renewal: the signed-in holder's next renewal charge falls due now at
 *   testpay, which makes it (as it would on its date) and sends its webhooks before answering;
 * - a direct transfer made at testpay's dashboard, as a merchant can make one at Razorpay's: money the
 *   provider sends a shop that Petti never asked for, which the reconciliation holds for operators
 *   (docs/payments.md#reconciliation).
 */
export const testpayDevRoutes: FastifyPluginAsyncZod = async (app) => {
  const { plans, settlements, testpayRoute, testpaySubscriptions, testpayWebhooks } = app.services;
  app.post(
    '/dev/testpay/subscriptions/:id/charge-now',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['development'],
        security: [{ bearer: [] }],
        summary: 'Make my plan’s next automatic renewal charge now (testpay, not in production)',
        params: subscriptionParams,
        response: { 200: z.object({ charged: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => {
      if (!testpaySubscriptions || !testpayWebhooks)
        throw new AppError('ServiceUnavailable', 'testpay is not running.');
      const providerId = await plans.chargingMandateOf(userOf(request).userId, request.params.id);
      if (!providerId) throw new AppError('AutoRenewNotOn');
      await testpaySubscriptions.chargeNow(providerId);
      const charged = await testpaySubscriptions.chargeDue();
      // Subscription events go after the charge's payment events: both kinds are sent in turn.
      while ((await testpayWebhooks.runDue()) > 0);
      return { charged };
    },
  );

  app.post(
    '/dev/testpay/direct-transfers',
    {
      preHandler: makeRequireOps(app.ctx.config.OPS_TOKEN),
      schema: {
        tags: ['development'],
        security: [{ opsToken: [] }],
        summary:
          "Send a shop money from testpay's dashboard, for no order of Petti's (testpay, not in production)",
        body: z.strictObject({
          shopId: z.string().min(1).max(100),
          amountPaise: z.number().int().min(100).max(10_000_000),
        }),
        response: { 201: z.object({ transferId: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!testpayRoute) throw new AppError('ServiceUnavailable', 'testpay is not running.');
      const account = await settlements.linkedAccountOf(request.body.shopId);
      if (!account)
        throw new AppError('ResourceNotFound', 'That shop has no bank account linked at testpay.');
      const made = await testpayRoute.dashboardTransfer(account, request.body.amountPaise);
      return reply.code(201).send({ transferId: made.id });
    },
  );
};
