import { notificationPageSchema, notificationSchema, notificationsQuery } from '@petti/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;
  const tags = ['notifications'];
  const security = [{ bearer: [] }];

  app.get(
    '/notifications',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'My notifications, newest first, 20 a page, with the unread count',
        querystring: notificationsQuery,
        response: { 200: notificationPageSchema, ...errorResponses },
      },
    },
    (request) => notifications.list(userOf(request).userId, request.query.page),
  );
  app.post(
    '/notifications/read-all',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Mark every notification read',
        response: { 200: z.object({ updated: z.number().int() }), ...errorResponses },
      },
    },
    (request) => notifications.markAllRead(userOf(request).userId),
  );
  app.post(
    '/notifications/:id/read',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Mark one notification read',
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        response: { 200: notificationSchema, ...errorResponses },
      },
    },
    (request) => notifications.markRead(userOf(request).userId, request.params.id),
  );
};
