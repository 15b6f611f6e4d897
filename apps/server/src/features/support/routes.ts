import { supportContactsSchema } from '@petti/shared/schemas/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public: how to reach a person at Petti, from the configuration (docs/product.md#help). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const contacts = app.ctx.config.SUPPORT;
  app.get(
    '/support',
    {
      schema: {
        tags: ['help'],
        summary: 'The support phone, email and WhatsApp number (each null when not configured)',
        response: { 200: supportContactsSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(contacts),
  );
};
