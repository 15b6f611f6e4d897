import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from './server.ts';
import { SERVER_NODE_FLAGS } from './server-bundle.ts';

const root = new URL('../../', import.meta.url);
const runtimeDependencies = (pkg: string): string[] =>
  Object.keys(JSON.parse(readFileSync(new URL(`${pkg}/package.json`, root), 'utf8')).dependencies ?? {});

/** The package an import names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (spec: string): string =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

describe('the compiled server', () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('imports only Node and the runtime dependencies of the packages it is made of, so it runs without dev tools', async () => {
    dir = await mkdtemp(join(tmpdir(), 'petti-build-'));
    const { imports } = await buildServer(join(dir, 'dist'));
    // The server finds the embedded database's process beside itself (apps/server/src/paths.ts).
    expect(existsSync(join(dir, 'dist', 'main.js'))).toBe(true);
    expect(existsSync(join(dir, 'dist', 'pglite-child.js'))).toBe(true);
    const allowed = new Set([
      ...runtimeDependencies('apps/server'),
      ...runtimeDependencies('packages/shared'),
      ...runtimeDependencies('packages/simulators'),
    ]);
    const builtins = new Set(builtinModules);
    const outside = imports.filter((i) => !i.startsWith('node:') && !builtins.has(i));
    expect(outside.length).toBeGreaterThan(10);
    // Petti's own TypeScript packages are inside the bundle, never imported.
    expect(outside.filter((i) => i.startsWith('@petti/'))).toEqual([]);
    expect(outside.map(packageOf).filter((p) => !allowed.has(p))).toEqual([]);
  }, 60_000);

  it('starts with the same Node flags everywhere: npm start, the deploy guide and the tools', () => {
    const start = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).scripts.start as string;
    expect(start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`);
    const deploy = readFileSync(new URL('docs/deploy.md', root), 'utf8');
    for (const line of deploy
      .split('\n')
      .filter((l) => l.includes('apps/server/dist/main.js') && /\bnode /.test(l)))
      expect(line).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`);
  });
});
