import {
  addressAnswerSchema,
  addressBody,
  addressListSchema,
  addressParams,
  addressPatchBody,
} from '@petti/shared/schemas/addresses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

/** My delivery addresses (sign-in required). `GET` answers `{ addresses }` (the app reads data.addresses). */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { addresses } = app.services;
  const tags = ['addresses'];
  const security = [{ bearer: [] }];
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/addresses',
    {
      schema: {
        tags,
        security,
        summary: 'My saved addresses, the default first (read by the app as data.addresses)',
        response: { 200: addressListSchema, ...errorResponses },
      },
    },
    async (request) => ({ addresses: await addresses.list(userOf(request).userId) }),
  );
  app.post(
    '/addresses',
    {
      schema: {
        tags,
        security,
        summary:
          'Add an address (pin inside Sivakasi); the first one, or isDefault: true, becomes the default',
        body: addressBody,
        response: { 201: addressAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ address: await addresses.create(userOf(request).userId, request.body) }),
  );
  app.patch(
    '/addresses/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Edit an address (a moved pin must stay inside Sivakasi); isDefault: true makes it the default',
        params: addressParams,
        body: addressPatchBody,
        response: { 200: addressAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      address: await addresses.update(userOf(request).userId, request.params.id, request.body),
    }),
  );
  app.post(
    '/addresses/:id/default',
    {
      schema: {
        tags,
        security,
        summary: 'Make this address the default',
        params: addressParams,
        response: { 200: addressAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({ address: await addresses.makeDefault(userOf(request).userId, request.params.id) }),
  );
  app.delete(
    '/addresses/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an address; if it was the default, the oldest one left becomes the default',
        params: addressParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await addresses.remove(userOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
