import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where `npm run build` puts the compiled server (tools/build/server.ts). */
export const SERVER_BUNDLE = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));

/**
 * Node's own flags for the server, wherever it runs (`npm start`, docs/deploy.md's unit, the
 * journeys, the fault suite, the benchmarks): source maps for readable stack traces, and a young
 * generation of 8 MB per half instead of Node 20's 16, which takes about 40 MB off the idle server's
 * resident memory at no measured cost in throughput (docs/performance.md#memory).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8'] as const;

/**
 * Node's arguments to run the compiled server, as production does, for the journeys and the fault
 * suite: they test what is deployed, not the TypeScript source through tsx.
 */
export function compiledServerArgs(): string[] {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first`);
  return [...SERVER_NODE_FLAGS, SERVER_BUNDLE];
}
