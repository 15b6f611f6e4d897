import { moneyCheckParams, moneyCheckSchema, moneyChecksSchema } from '@petti/shared/schemas/money-checks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../http/app-error.ts';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';
import type { MoneyCheckRow } from './schema.ts';

/** Operators' view of the books (docs/payments.md#money-checks). */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { money, sellers } = app.services;
  const db = app.ctx.database.db;
  const guard = { preHandler: [app.requireUser, app.requireRole.operator] };
  const tags = ['operator'];
  const security = [{ bearer: [] }];
  const errors = { ...errorResponses, 403: errorBodySchema };

  async function view(rows: MoneyCheckRow[]) {
    const shopIds = [...new Set(rows.flatMap((r) => (r.sellerId ? [r.sellerId] : [])))];
    const names = new Map((await sellers.rows(db, shopIds)).map((s) => [s.id, s.brandName]));
    return rows.map((r) => ({
      id: r.id,
      rule: r.rule,
      subject: r.subject,
      shopId: r.sellerId,
      shopName: r.sellerId ? (names.get(r.sellerId) ?? null) : null,
      orderId: r.orderId,
      expectedPaise: r.expectedPaise,
      actualPaise: r.actualPaise,
      detail: r.detail,
      held: r.held,
      since: r.since.toISOString(),
    }));
  }

  app.get(
    '/operator/money-checks',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Operators: money that does not add up, per shop and order, with amounts and since when',
        description:
          'Empty when all is well. The checks run every 5 minutes in each process (and at `POST …/run`); a finding lasting 15 minutes, and at once a provider fact held, is told to every operator (`moneyCheckFailed`).',
        response: { 200: moneyChecksSchema, ...errors },
      },
    },
    async () => {
      const health = await money.health();
      return { checks: await view(await money.checks.open()), balanced: health.balanced };
    },
  );

  app.post(
    '/operator/money-checks/run',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary:
          'Operators: compare the books with the provider now, repair what its records prove, and run every money check (after a repair, to see it clear)',
        response: { 200: moneyChecksSchema, ...errors },
      },
    },
    async () => {
      await money.checks.reconcile();
      const rows = await money.checks.run();
      return { checks: await view(rows), balanced: (await money.health()).balanced };
    },
  );

  app.post(
    '/operator/money-checks/:id/clear',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary:
          'Operators: clear a held provider fact once dealt with (a check of the books clears by itself)',
        params: moneyCheckParams,
        response: { 200: moneyCheckSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await money.checks.clear(id, userOf(request).userId))) throw notFound('moneyCheck');
      const [row] = await money.checks.byId(id);
      request.log.info({ checkId: id, by: userOf(request).userId }, 'held money check cleared');
      return (await view([row!]))[0]!;
    },
  );
};
