import {
  pushKeySchema,
  pushPreferencesSchema,
  pushRenewBody,
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from '@petti/shared/schemas/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

/** Alerts outside the app (docs/alerts.md): the server's key, this browser's subscription, the preferences. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { push } = app.services;
  const tags = ['alerts'];
  const security = [{ bearer: [] }];

  app.get(
    '/push/key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key a browser subscribes with (applicationServerKey)',
        response: { 200: pushKeySchema },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').send({ publicKey: await push.publicKey() }),
  );
  app.post(
    '/push/subscriptions',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Send my alerts to this browser (its PushSubscription; until this session signs out)',
        body: pushSubscriptionBody,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = userOf(request);
      await push.service.subscribe({ userId, sessionId }, request.body);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/push/subscriptions/renew',
    {
      schema: {
        tags,
        summary:
          'The service worker’s renewed subscription (pushsubscriptionchange), vouched for by the old endpoint',
        body: pushRenewBody,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const renewed = await push.service.renew(request.body.oldEndpoint, request.body.subscription);
      if (!renewed) throw new AppError('ResourceNotFound', 'That subscription is not known.');
      return reply.code(204).send(null);
    },
  );
  app.delete(
    '/push/subscriptions',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Stop my alerts on this browser',
        body: pushUnsubscribeBody,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await push.service.unsubscribe(userOf(request).userId, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/push/preferences',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Which alerts I get (all on until changed)',
        response: { 200: pushPreferencesSchema, ...errorResponses },
      },
    },
    (request) => push.service.preferences(userOf(request).userId),
  );
  app.put(
    '/push/preferences',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Turn alerts on or off',
        body: pushPreferencesSchema,
        response: { 200: pushPreferencesSchema, ...errorResponses },
      },
    },
    (request) => push.service.setPreferences(userOf(request).userId, request.body),
  );
};
