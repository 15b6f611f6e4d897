import {
  confirmPaymentBody,
  confirmPaymentResultSchema,
  paymentDetailSchema,
  paymentListQuery,
  paymentListSchema,
} from '@petti/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.services;
  const tags = ['payments'];
  const security = [{ bearer: [] }];
  const params = z.strictObject({ id: z.string().min(1).max(64) });

  app.get(
    '/payments',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'My payment history, newest first (filter: all, lockers, orders, plans)',
        querystring: paymentListQuery,
        response: { 200: paymentListSchema, ...errorResponses },
      },
    },
    (request) => payments.list(userOf(request).userId, request.query),
  );
  app.get(
    '/payments/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'One payment with its receipt (GST breakdown, refunds)',
        params,
        response: { 200: paymentDetailSchema, ...errorResponses },
      },
    },
    (request) => payments.get(userOf(request).userId, request.params.id),
  );
  app.post(
    '/payments/:id/confirm',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Confirm a payment with what the checkout handed back; answers the paid thing',
        params,
        body: confirmPaymentBody,
        response: { 200: confirmPaymentResultSchema, ...errorResponses },
      },
    },
    (request) => {
      const user = userOf(request);
      return payments.confirm(user, request.params.id, request.body, request.ip);
    },
  );

  // The webhook's signature covers the exact bytes sent, so this route alone keeps the raw body.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    raw.post(
      '/payments/webhook/:provider',
      {
        schema: {
          tags,
          summary: 'Provider webhooks (Razorpay, testpay), signed in x-razorpay-signature',
          params: z.strictObject({ provider: z.string().min(1).max(32) }),
          response: {
            200: z.object({ status: z.enum(['applied', 'duplicate', 'ignored']) }),
            ...errorResponses,
          },
        },
      },
      (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return payments.handleWebhook(request.params.provider, body, request.headers, request.ip);
      },
    );
  });
};
