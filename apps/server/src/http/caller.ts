import type { FastifyRequest } from 'fastify';
import { userOf } from './require-user.ts';

/** Who asked, and from which device session (door commands and events are tied to the session). */
export interface SessionCaller {
  userId: string;
  sessionId: string | null;
}

/** The app's per-device session id, stored on the device (docs/lockers.md). */
export const SESSION_ID_HEADER = 'x-session-id';
const SESSION_ID = /^[\w.:-]{1,100}$/;

/** The signed-in caller of a request that passed `requireUser`, with its device session if well-formed. */
export function callerOf(request: FastifyRequest): SessionCaller {
  const given = request.headers[SESSION_ID_HEADER];
  return {
    userId: userOf(request).userId,
    sessionId: typeof given === 'string' && SESSION_ID.test(given) ? given : null,
  };
}
