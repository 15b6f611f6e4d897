import { subscriptionParams } from '@petti/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

/**
 * The demo's fast-forward for automatic renewal: the signed-in holder's next renewal charge falls due
 * now at testpay, which makes it (as it would on its date) and sends its webhooks before answering.
 * Registered only with testpay and never in production (app.ts).
 */
export const testpayDevRoutes: FastifyPluginAsyncZod = async (app) => {
  const { plans, testpaySubscriptions, testpayWebhooks } = app.services;
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
};
