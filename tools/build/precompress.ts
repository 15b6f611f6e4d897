import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of a build folder, at the highest
 * settings (done once at build time, not per request), so the server sends them as they are.
 * Usage: node --import tsx tools/build/precompress.ts apps/web/dist
 */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

export async function precompress(dir: string): Promise<{ files: number; before: number; after: number }> {
  let count = 0;
  let before = 0;
  let after = 0;
  for await (const path of files(dir)) {
    if (!TEXT.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    const body = await readFile(path);
    const [b, g] = await Promise.all([
      br(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gz(body, { level: 9 }),
    ]);
    await writeFile(`${path}.br`, b);
    await writeFile(`${path}.gz`, g);
    count += 1;
    before += body.length;
    after += b.length;
  }
  return { files: count, before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: precompress.ts <build folder>');
  const r = await precompress(dir);
  console.log(
    `precompressed ${r.files} files: ${(r.before / 1024).toFixed(0)} KB → ${(r.after / 1024).toFixed(0)} KB brotli`,
  );
}
