import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every TypeScript file git knows of in the code's folders. */
function sourceFiles(): string[] {
  return execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'apps', 'packages', 'tools'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((f) => /\.(ts|tsx|mts)$/.test(f));
}

describe('comments cite the repository’s docs', () => {
  // The original specification lives outside the repository: a maintainer cannot follow a
  // citation of it, so what they need is written in docs/ and cited from there.
  it('name no section of the seed specification', () => {
    const citing = sourceFiles().filter((f) => /\bseed §/i.test(readFileSync(`${root}${f}`, 'utf8')));
    expect(citing).toEqual([]);
  });
});
