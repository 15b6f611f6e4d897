import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ART_PREFIX } from '@petti/shared/rules/art';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);

/** OpenMoji's colour SVGs, as the installed package holds them (docs/pictures.md). */
export const ART_DIR = join(dirname(require.resolve('openmoji/package.json')), 'color', 'svg');

/** One picture file: its hexcode and `.svg`, nothing else (no folders, no other files). */
const FILE = /^\/(?:[0-9A-F]{4,6})(?:-[0-9A-F]{4,6}){0,7}\.svg$/;

/**
 * The catalogue's pictures under `/art/`, served from the bundled package so nothing is hot-linked.
 * A picture of a given name changes only with an OpenMoji upgrade, so a month of caching with an
 * ETag to revalidate is safe; the app's service worker keeps them for offline use.
 */
export async function artRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: ART_DIR,
    prefix: ART_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    allowedPath: (pathName) => FILE.test(pathName),
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=2592000');
    },
  });
}
