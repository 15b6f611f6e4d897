import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { answersWith } from './openapi.ts';

export interface RequestUser {
  userId: string;
  sessionId: string;
  clientId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

export const CLIENT_ID_HEADER = 'x-client-id';

/** The signed-in user of a request that passed `requireUser`. */
export function userOf(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError('Unauthorized');
  return request.user;
}

export type Authenticator = (token: string) => Promise<RequestUser | null>;

/**
 * preHandler for every route that needs sign-in: a valid `Authorization: Bearer` access token of a
 * live session, and the token's client id in the `x-client-id` header (docs/product.md#tokens-and-sessions).
 */
export function makeRequireUser(authenticate: Authenticator) {
  return answersWith(
    async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw new AppError('Unauthorized', 'Please sign in to continue.');
      const user = await authenticate(token);
      if (!user) throw new AppError('Unauthorized', 'Your session has ended. Please sign in again.');
      const clientId = request.headers[CLIENT_ID_HEADER];
      if (clientId !== user.clientId) {
        throw new AppError('Unauthorized', `The ${CLIENT_ID_HEADER} header must carry this app's client id.`);
      }
      request.user = user;
    },
    [401],
  );
}

/**
 * preHandler for public routes that answer a signed-in user a little differently (complex locker
 * sites only for their residents): a valid token sets `request.user`; none, or an invalid one, leaves
 * it null and the route answers as for anyone.
 */
export function makeOptionalUser(authenticate: Authenticator) {
  return async function optionalUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    request.user = null;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) return;
    const user = await authenticate(token).catch(() => null);
    if (user && request.headers[CLIENT_ID_HEADER] === user.clientId) request.user = user;
  };
}
