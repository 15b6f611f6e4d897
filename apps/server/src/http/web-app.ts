import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ART_PREFIX } from '@petti/shared/rules/art';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** Files that must always be re-checked so an update is seen; hashed assets can be cached for a year. */
const NO_CACHE = new Set(['/index.html', '/sw.js', '/push-sw.js', '/manifest.webmanifest', '/registerSW.js']);

/**
 * Security headers that only mean something on a document (or a worker's own script): a hashed asset
 * goes without them. The policy alone is over half a kilobyte, and a first screen fetches about twenty
 * small chunks over a line where each header byte counts (docs/performance.md#route-preloads).
 * `X-Content-Type-Options`, `Cross-Origin-Resource-Policy`, `Referrer-Policy` (a module script's own
 * imports follow it) and `Strict-Transport-Security` stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** What a browser never uses on a hashed, immutable asset. */
const ASSET_UNUSED_HEADERS = ['etag', 'accept-ranges'];

/**
 * The Content-Security-Policy sources for the built index.html's own inline scripts (its route
 * preloads, docs/performance.md#route-preloads): each one's SHA-256, so the policy allows exactly
 * those and still no other inline script. None when the app is not built.
 */
export function inlineScriptSources(distDir: string): string[] {
  const file = join(distDir, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Serves the built web app on the same origin as the API, with SPA fallback: any GET for a page
 * that is not a file answers index.html, and the router shows the page (or its not-found page).
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  allowedMethods: (path: string) => string[] = () => [],
): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // `npm run build` writes .br and .gz beside each text file (tools/build/precompress.ts).
      preCompressed: true,
      // The ETag alone revalidates (index.html, the worker); hashed assets are never revalidated. One
      // header less on each of a first screen's twenty-odd files (docs/performance.md).
      lastModified: false,
      // Source maps are built for error reports, not published.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (reply, path) => {
        // A precompressed copy (`app.js.br`) is cached as the file it stands for.
        const file = path
          .slice(distDir.length)
          .replaceAll('\\', '/')
          .replace(/\.(br|gz)$/, '');
        if (NO_CACHE.has(file)) reply.header('cache-control', 'no-cache');
        else if (file.startsWith('/assets/')) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
          // Helmet writes its headers on the raw response.
          for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
          // Never revalidated (immutable) and never asked for in parts: each header a first screen's
          // thirty-odd files carry is paid for on a slow line (docs/performance.md).
          for (const name of ASSET_UNUSED_HEADERS) reply.removeHeader(name);
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/mqtt');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const allow = isApi ? allowedMethods(path) : [];
      if (allow.length)
        throw new AppError('MethodNotAllowed', `${path} takes ${allow.join(', ')}, not ${request.method}.`, {
          headers: { allow: allow.join(', ') },
        });
      throw new AppError('ResourceNotFound', `No route for ${request.method} ${path}`);
    }
    // A missing hashed asset (an old page asking for a file the new build replaced) must fail as
    // a 404, not be answered with index.html as if it were a page.
    if (path.startsWith('/assets/') || path.startsWith(ART_PREFIX) || /\.\w{1,8}$/.test(path)) {
      throw new AppError('ResourceNotFound', `No file at ${path}`);
    }
    if (!hasBuild) {
      throw new AppError(
        'ServiceUnavailable',
        'The web app is not built. Run `npm run build` (npm start does it for you).',
      );
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
