import {
  cancelRenewalSchema,
  confirmAutoRenewBody,
  legacyPlansQuery,
  legacyPlansSchema,
  pausePlanBody,
  planListSchema,
  startAutoRenewSchema,
  subscribeBody,
  subscribeResultSchema,
  subscriptionListSchema,
  subscriptionParams,
  subscriptionSchema,
} from '@petti/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswer, errorResponses } from '../../http/openapi.ts';
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
        response: { 200: legacyPlansSchema, ...errorResponses, 403: errorAnswer(403) },
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
  app.post(
    '/subscriptions/:id/pause',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Pause my running plan for up to 30 days, once per period: its end moves out as much',
        params: subscriptionParams,
        body: pausePlanBody,
        response: { 200: subscriptionSchema, ...errorResponses },
      },
    },
    (request) => plans.pause(userOf(request).userId, request.params.id, request.body.days),
  );
  app.delete(
    '/subscriptions/:id/pause',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Resume my paused plan now: its end moves back by the days not used',
        params: subscriptionParams,
        response: { 200: subscriptionSchema, ...errorResponses },
      },
    },
    (request) => plans.resume(userOf(request).userId, request.params.id),
  );
  app.delete(
    '/subscriptions/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Cancel a paid renewal that has not started: refunded in full',
        params: subscriptionParams,
        response: { 200: cancelRenewalSchema, ...errorResponses },
      },
    },
    (request) => plans.cancelRenewal(userOf(request).userId, request.params.id),
  );
  app.post(
    '/subscriptions/:id/auto-renew',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Set up automatic renewal of my running plan: a mandate to authorise in the provider’s checkout',
        params: subscriptionParams,
        response: { 200: startAutoRenewSchema, ...errorResponses },
      },
    },
    (request) => plans.startAutoRenew(userOf(request).userId, request.params.id),
  );
  app.post(
    '/subscriptions/:id/auto-renew/confirm',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'What the checkout handed back once the mandate was authorised: turns automatic renewal on',
        params: subscriptionParams,
        body: confirmAutoRenewBody,
        response: { 200: subscriptionSchema, ...errorResponses },
      },
    },
    (request) => plans.confirmAutoRenew(userOf(request).userId, request.params.id, request.body),
  );
  app.delete(
    '/subscriptions/:id/auto-renew',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Turn automatic renewal off: the plan runs to its end and nothing more is charged',
        params: subscriptionParams,
        response: { 200: subscriptionSchema, ...errorResponses },
      },
    },
    (request) => plans.stopAutoRenew(userOf(request).userId, request.params.id),
  );
};
