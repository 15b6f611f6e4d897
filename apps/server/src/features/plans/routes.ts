import {
  legacyPlansQuery,
  legacyPlansSchema,
  planListSchema,
  subscribeBody,
  subscribeResultSchema,
  subscriptionListSchema,
} from '@petti/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { plans } = app.services;
  const tags = ['plans'];
  const security = [{ bearer: [] }];

  app.get(
    '/plans',
    {
      schema: {
        tags,
        summary: 'Every plan with what it gives and costs (public, for /pricing and /subscription)',
        response: { 200: planListSchema, ...errorResponses },
      },
    },
    async () => ({ plans: await plans.list() }),
  );
  app.get(
    '/subscription',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'The legacy plan list call: type=subscription.user_get&userMobile=<your 12-digit number>',
        querystring: legacyPlansQuery,
        response: { 200: legacyPlansSchema, ...errorResponses },
      },
    },
    (request) => plans.legacyList(userOf(request).userId, request.query.userMobile),
  );
  app.post(
    '/subscriptions',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Buy (or renew) a plan: a pending subscription and its payment',
        body: subscribeBody,
        response: { 200: subscribeResultSchema, ...errorResponses },
      },
    },
    (request) => plans.subscribe(userOf(request).userId, request.body.planId),
  );
  app.get(
    '/subscriptions',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'My plans (active, scheduled renewal, pending, expired) with usage and renewal date',
        response: { 200: subscriptionListSchema, ...errorResponses },
      },
    },
    async (request) => ({ subscriptions: await plans.listFor(userOf(request).userId) }),
  );
};
