import { readFile, rm } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { SERVER_BUNDLE } from './server-bundle.ts';

/**
 * Compiles the server to apps/server/dist/main.js, and the embedded database's process to
 * dist/pglite-child.js beside it (docs/deploy.md#production-build), so production
 * runs plain JavaScript and needs neither tsx nor TypeScript. Petti's own workspace packages
 * (`@petti/shared`, `@petti/simulators`) export TypeScript source, so they go into the bundle; every
 * other package stays an `import` that Node resolves from node_modules as usual, which keeps
 * packages that find their own files at run time (PGlite's WebAssembly, OpenMoji, Swagger UI) whole.
 * Usage: node --import tsx tools/build/server.ts
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const server = `${root}apps/server/`;

/** Bare imports outside the workspace are left to Node. */
const packagesOutside: Plugin = {
  name: 'packages-outside-petti',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@petti/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(
  outdir = dirname(SERVER_BUNDLE),
): Promise<{ bytes: number; ms: number; imports: string[] }> {
  const t0 = Date.now();
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    // The server, and the embedded database's own process beside it (apps/server/src/paths.ts).
    entryPoints: { main: `${server}src/main.ts`, 'pglite-child': `${server}src/db/pglite-child.ts` },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // For stack traces (`node --enable-source-maps`); kept beside the bundle, never served.
    sourcemap: 'linked',
    sourcesContent: false,
    plugins: [packagesOutside],
    logLevel: 'warning',
    metafile: true,
  });
  const outputs = Object.values(result.metafile.outputs);
  const bytes = outputs.reduce((n, o) => n + o.bytes, 0);
  // What the bundle still imports at run time: Node's own modules and packages from node_modules.
  const imports = [
    ...new Set(outputs.flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path))),
  ];
  return { bytes, ms: Date.now() - t0, imports };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { bytes, ms } = await buildServer();
  const main = (await readFile(SERVER_BUNDLE)).length;
  console.log(
    `Server compiled to ${relative(root, SERVER_BUNDLE)} (${Math.round(main / 1024)} KB, with its map ${Math.round(bytes / 1024)} KB) in ${ms} ms`,
  );
}
