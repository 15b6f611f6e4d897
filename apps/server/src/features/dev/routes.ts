import { phoneSchema } from '@petti/shared';
import { and, desc, eq, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devOutbox } from '../../platform/outbox/schema.ts';

/**
 * Development helpers. Registered only when the embedded SMS outbox is on and never in production
 * (see app.ts), so a demo or a browser test can read the code that was "sent".
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages the development SMS provider kept (not in production)',
        description:
          'The messages sent to `phone`, to `email`, or to either when both are given; none names no one.',
        querystring: z.strictObject({ phone: phoneSchema.optional(), email: z.email().optional() }),
        response: {
          200: z.object({
            messages: z.array(
              z.object({
                channel: z.enum(['sms', 'email']),
                recipient: z.string(),
                body: z.string(),
                code: z.string().nullable(),
                link: z.string().nullable(),
                sentAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const { phone, email } = request.query;
      const to = [
        ...(phone ? [and(eq(devOutbox.channel, 'sms'), eq(devOutbox.recipient, phone))] : []),
        ...(email ? [and(eq(devOutbox.channel, 'email'), eq(devOutbox.recipient, email))] : []),
      ];
      if (to.length === 0) return { messages: [] };
      const rows = await app.ctx.database.db
        .select()
        .from(devOutbox)
        .where(or(...to))
        .orderBy(desc(devOutbox.sentAt), desc(devOutbox.id))
        .limit(20);
      return {
        messages: rows.map((r) => ({
          channel: r.channel,
          recipient: r.recipient,
          body: r.body,
          code: /\b(\d{6})\b/.exec(r.body)?.[1] ?? null,
          link: /https?:\/\/\S+/.exec(r.body)?.[0] ?? null,
          sentAt: r.sentAt.toISOString(),
        })),
      };
    },
  );
};
