import { meSchema, updateMeBody } from '@petti/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { me } = app.services;
  const tags = ['profile'];
  const security = [{ bearer: [] }];

  app.get(
    '/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'The signed-in user',
        response: { 200: meSchema, ...errorResponses },
      },
    },
    (request) => me.get(userOf(request).userId),
  );
  app.patch(
    '/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Edit name, email, language, notification preferences',
        body: updateMeBody,
        response: { 200: meSchema, ...errorResponses },
      },
    },
    (request) => me.update(userOf(request).userId, request.body),
  );
  app.post(
    '/me/email/verify-request',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Email a verification link',
        response: { 200: z.object({ sentTo: z.string() }), ...errorResponses },
      },
    },
    (request) => me.requestEmailVerification(userOf(request).userId),
  );
  app.get(
    '/auth/verify-email/:id',
    {
      schema: {
        tags,
        summary: 'Open an email verification link (the app’s /emailVerification/:id calls this)',
        params: z.strictObject({ id: z.string().min(10).max(100) }),
        response: { 200: z.object({ verified: z.literal(true), email: z.string() }), ...errorResponses },
      },
    },
    async (request) => ({ verified: true as const, ...(await me.verifyEmail(request.params.id)) }),
  );
  app.delete(
    '/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete the account: personal data removed, books kept anonymised',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await me.deleteAccount(userOf(request).userId);
      return reply.code(204).send(null);
    },
  );
};
