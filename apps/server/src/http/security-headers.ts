import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with these options, worked out once. Petti's are the same on every answer
 * (no nonces, no policy that depends on the request), and `@fastify/helmet` built helmet's whole
 * middleware again for each request, the Content-Security-Policy's directives parsed and checked
 * every time (docs/performance.md#orders).
 */
export function securityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  // helmet's middleware only sets and removes headers, and calls next at once (or throws, for options
  // it refuses): a stand-in response is all it needs.
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

const HSTS = 'strict-transport-security';

/**
 * Sets the headers on every answer, as early as helmet did: on the raw response, before any route;
 * `more` are headers helmet does not make (a Permissions-Policy). Strict-Transport-Security goes only
 * on an answer over HTTPS (as the request came to Petti or, with TRUST_PROXY, to its proxy): RFC
 * 6797 §7.2 forbids it over plain HTTP.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  more: ReadonlyArray<readonly [string, string]> = [],
): void {
  const all = [...securityHeaders(options), ...more];
  const headers = all.filter(([name]) => name.toLowerCase() !== HSTS);
  const hsts = all.find(([name]) => name.toLowerCase() === HSTS);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (hsts && request.protocol === 'https') reply.raw.setHeader(hsts[0], hsts[1]);
    done();
  });
}
