import type { FastifyInstance, RouteOptions } from 'fastify';
import Router from 'find-my-way';

/**
 * Which methods each path takes, for a 405 with `Allow` when a known path is asked with another
 * (RFC 9110 §15.5.6), instead of the 404 of a path that is not there. Fastify's own router answers
 * only the method asked, so the routes are kept again here as they are added, in the same router
 * library Fastify uses.
 */
export function methodsByPath(app: FastifyInstance) {
  const router = Router({ maxParamLength: 2048 });
  const methods = new Set<Router.HTTPMethod>();
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat() as Router.HTTPMethod[]) {
      if (router.hasRoute(method, route.url)) continue;
      methods.add(method);
      router.on(method, route.url, () => {});
    }
  });
  /** The methods `path` takes, sorted; none when no route has the path. */
  return (path: string): string[] => [...methods].filter((m) => router.find(m, path) !== null).sort();
}
