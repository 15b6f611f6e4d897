import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userOf } from '../../http/require-user.ts';
import { makeRequireOps } from './ops-auth.ts';

type Guard = ReturnType<typeof makeRequireOps>;

/** One way into the operators' steps: who may call, how the API page names it, who did it. */
export interface OpsWay {
  prefix: '/operator' | '/ops';
  guard: { preHandler: Guard | Guard[] };
  tags: string[];
  security: Array<Record<string, string[]>>;
  /** Who acted, for the logs: the operator's user id, or `ops` for the token. */
  by: (request: FastifyRequest) => string;
}

/**
 * The operators' steps are offered twice with the same handlers: to a signed-in operator (their
 * console in the app, `/api/operator/…`) and to the ops token (automation and the simulators,
 * `/api/ops/…`).
 */
export function opsWays(app: FastifyInstance): OpsWay[] {
  return [
    {
      prefix: '/operator',
      guard: { preHandler: [app.requireUser, app.requireRole.operator] },
      tags: ['operator'],
      security: [{ bearer: [] }],
      by: (request) => userOf(request).userId,
    },
    {
      prefix: '/ops',
      guard: { preHandler: makeRequireOps(app.ctx.config.OPS_TOKEN) },
      tags: ['ops'],
      security: [{ opsToken: [] }],
      by: () => 'ops',
    },
  ];
}
