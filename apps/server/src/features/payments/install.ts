import type { FastifyInstance } from 'fastify';
import { testpayCheckoutRoutes } from '../../platform/payments/testpay/checkout-routes.ts';
import { selfDeliver } from '../../platform/payments/testpay/self-deliver.ts';
import { plansRoutes } from '../plans/routes.ts';
import { paymentsRoutes } from './routes.ts';

/** How often renewal reminders and testpay webhook retries are looked for. */
const SWEEP_EVERY_MS = 60_000;

/** Routes of payments and plans, testpay's checkout when it is the provider, and their periodic work. */
export async function installPayments(app: FastifyInstance): Promise<void> {
  const { plans, testpay, testpayWebhooks } = app.services;
  await app.register(paymentsRoutes, { prefix: '/api' });
  await app.register(plansRoutes, { prefix: '/api' });
  if (testpay && testpayWebhooks) {
    testpayWebhooks.setDeliver(selfDeliver(app, '/api/payments/webhook/testpay'));
    await app.register(testpayCheckoutRoutes({ testpay, webhooks: testpayWebhooks }), { prefix: '/api' });
  }

  const tasks: Array<[string, () => Promise<unknown>]> = [['plan renewal reminders', () => plans.runDue()]];
  if (testpayWebhooks) tasks.push(['testpay webhooks', () => testpayWebhooks.runDue()]);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const sweep = () => {
    if (running) return;
    running = Promise.all(
      tasks.map(([name, run]) =>
        run().catch((err: unknown) => app.log.error({ err, task: name }, 'sweep failed')),
      ),
    ).finally(() => {
      running = null;
    });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await testpayWebhooks?.close();
  });
}
