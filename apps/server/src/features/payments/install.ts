import type { FastifyInstance } from 'fastify';
import { testpayCheckoutRoutes } from '../../platform/payments/testpay/checkout-routes.ts';
import { selfDeliver } from '../../platform/payments/testpay/self-deliver.ts';
import { plansRoutes } from '../plans/index.ts';
import { paymentsRoutes } from './routes.ts';

/** Routes of payments and plans, and testpay's checkout when it is the provider. */
export async function installPayments(app: FastifyInstance): Promise<void> {
  const { testpay, testpayWebhooks, testpaySubscriptions } = app.services;
  await app.register(paymentsRoutes, { prefix: '/api' });
  await app.register(plansRoutes, { prefix: '/api' });
  if (testpay && testpayWebhooks && testpaySubscriptions) {
    testpayWebhooks.setDeliver(selfDeliver(app, '/api/payments/webhook/testpay'));
    await app.register(
      testpayCheckoutRoutes({ testpay, subscriptions: testpaySubscriptions, webhooks: testpayWebhooks }),
      { prefix: '/api' },
    );
  }

  app.addHook('onClose', async () => {
    await testpayWebhooks?.close();
  });
}
