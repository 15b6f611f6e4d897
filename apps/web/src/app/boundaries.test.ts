import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The folder rule of apps/web/README.md: lib/ never imports features/ or app/, and a feature never
 * imports another feature or app/. Checked here because nothing else stops a stray relative import.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** `lib`, `app`, `features/<name>`, … for a path under src/. */
function areaOf(path: string): string {
  const [top, name] = relative(SRC, path).split(sep);
  return top === 'features' ? `features/${name}` : (top ?? '');
}

function breaksTheRule(from: string, to: string): boolean {
  if (from === 'lib') return to === 'app' || to.startsWith('features/');
  if (from.startsWith('features/')) return to === 'app' || (to.startsWith('features/') && to !== from);
  return false;
}

describe('folder boundaries', () => {
  it('lib/ imports no feature or app/, and no feature imports another feature or app/', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const from = areaOf(file);
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = match[1] ?? match[2] ?? match[3] ?? '';
        if (!spec.startsWith('.')) continue;
        if (breaksTheRule(from, areaOf(resolve(dirname(file), spec)))) {
          wrong.push(`${relative(SRC, file)} → ${spec}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
