import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where `npm run build` puts the compiled server (tools/build/server.ts). */
export const SERVER_BUNDLE = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));

/**
 * Node's arguments to run the compiled server, as production does, for the journeys and the fault
 * suite: they test what is deployed, not the TypeScript source through tsx.
 */
export function compiledServerArgs(): string[] {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first`);
  return ['--enable-source-maps', SERVER_BUNDLE];
}
