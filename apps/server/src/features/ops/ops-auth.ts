import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { answersWith } from '../../http/openapi.ts';

export const OPS_TOKEN_HEADER = 'x-ops-token';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * preHandler for the ops API (shop staff, locker technicians, the simulators): the ops token in
 * `Authorization: Bearer <OPS_TOKEN>` or in `x-ops-token`. Compared in constant time.
 */
export function makeRequireOps(token: string) {
  return answersWith(
    async function requireOps(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const header = request.headers.authorization;
      const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      const given = request.headers[OPS_TOKEN_HEADER];
      const candidate = typeof given === 'string' && given ? given : bearer;
      if (!candidate || !same(candidate, token))
        throw new AppError('Unauthorized', 'A valid ops token is required.');
    },
    [401],
  );
}
