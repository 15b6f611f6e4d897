import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * One line per request in production (REQUEST_LOGS; docs/deploy.md#logs): method, path, status, time
 * taken, the caller's address and the request id, at `info` whatever LOG_LEVEL says. Never a body, a
 * header or a query string (tokens, PINs and phone numbers travel there), and the broker hooks' secret
 * is blanked out of their path.
 */
export function requestLogLine(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0]!.replace(/^\/api\/broker\/[^/]+\//, '/api/broker/***/');
  return {
    reqId: request.id,
    method: request.method,
    path,
    route: request.routeOptions.url ?? null,
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime),
    ip: request.ip,
  };
}

export function installRequestLogs(app: FastifyInstance, enabled: boolean): void {
  if (!enabled) return;
  const log = app.log.child({}, { level: 'info' });
  app.addHook('onResponse', async (request, reply) => {
    log.info(requestLogLine(request, reply), 'request');
  });
}
