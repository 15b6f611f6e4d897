import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A miniature of the repository: each file lists what it imports, as paths from the root, as
 * `type:<path>` for an `import type`, or as a bare specifier (a Node.js built-in, a missing file).
 * The forbidden imports are named bad-*, except where the rule is about a file's role (schema.ts).
 */
const FIXTURE: Record<string, string[]> = {
  'packages/shared/src/index.ts': [],
  'packages/shared/src/bad-app.ts': ['apps/web/src/lib/util.ts'],
  'packages/shared/src/bad-tool.ts': ['tools/sim.ts'],
  'packages/shared/src/bad-node.ts': ['node:fs'],
  'packages/shared/src/node.test.ts': ['node:fs'],
  'packages/shared/src/node/secret.ts': ['node:crypto'],
  'packages/shared/src/bad-node-only.ts': ['packages/shared/src/node/secret.ts'],

  'apps/web/src/lib/util.ts': ['packages/shared/src/index.ts'],
  'apps/web/src/lib/bad-feature-type.ts': ['type:apps/web/src/features/a/a.ts'],
  'apps/web/src/lib/bad-app.ts': ['apps/web/src/app/root.ts'],
  'apps/web/src/lib/broken.ts': ['./missing.ts'],
  'apps/web/src/lib/bad-node-only.ts': ['packages/shared/src/node/secret.ts'],
  'apps/web/src/lib/cycle-a.ts': ['apps/web/src/lib/cycle-b.ts'],
  'apps/web/src/lib/cycle-b.ts': ['type:apps/web/src/lib/cycle-a.ts'],
  'apps/web/src/features/a/a.ts': ['apps/web/src/lib/util.ts', 'apps/web/src/features/a/inner/part.ts'],
  'apps/web/src/features/a/inner/part.ts': ['packages/shared/src/index.ts'],
  'apps/web/src/features/a/bad-b.ts': ['apps/web/src/features/b/b.ts'],
  'apps/web/src/features/a/bad-app.ts': ['apps/web/src/app/root.ts'],
  'apps/web/src/features/b/b.ts': ['apps/web/src/lib/util.ts'],
  'apps/web/src/app/root.ts': [
    'apps/web/src/features/a/a.ts',
    'apps/web/src/features/b/b.ts',
    'apps/web/src/lib/util.ts',
  ],

  'apps/server/src/main.ts': ['apps/server/src/app.ts'],
  'apps/server/src/app.ts': ['apps/server/src/features/x/service.ts', 'apps/server/src/features/y/repo.ts'],
  'apps/server/src/services.ts': ['apps/server/src/features/y/core.ts'],
  'apps/server/src/bootstrap.ts': ['apps/server/src/features/y/repo.ts'],
  'apps/server/src/app-context.ts': ['apps/server/src/features/y/schema.ts'],
  'apps/server/src/test/helpers.ts': ['apps/server/src/features/y/repo.ts'],
  'apps/server/src/bad-tool.ts': ['tools/sim.ts'],
  'apps/server/src/http/routes.ts': ['apps/server/src/features/x/index.ts'],
  'apps/server/src/http/bad.ts': ['apps/server/src/features/y/core.ts'],
  'apps/server/src/db/schema.ts': [
    'apps/server/src/features/x/schema.ts',
    'apps/server/src/features/y/schema.ts',
  ],
  'apps/server/src/db/seed/load.ts': [
    'apps/server/src/features/y/schema.ts',
    'apps/server/src/features/y/index.ts',
  ],
  'apps/server/src/db/bad.ts': ['apps/server/src/features/y/repo.ts'],
  'apps/server/src/platform/clock.ts': [],
  'apps/server/src/platform/secret.ts': ['packages/shared/src/node/secret.ts'],
  'apps/server/src/platform/clock.test.ts': ['apps/server/src/features/x/service.ts'],
  'apps/server/src/platform/bad.ts': ['apps/server/src/features/x/index.ts'],
  'apps/server/src/features/x/index.ts': ['apps/server/src/features/x/service.ts'],
  'apps/server/src/features/x/service.ts': [
    'apps/server/src/features/x/schema.ts',
    'apps/server/src/features/y/index.ts',
    'apps/server/src/platform/clock.ts',
  ],
  'apps/server/src/features/x/schema.ts': ['apps/server/src/features/y/schema.ts'],
  'apps/server/src/features/x/helpers.ts': [],
  'apps/server/src/features/x/bad-repo.ts': ['apps/server/src/features/y/repo.ts'],
  'apps/server/src/features/x/bad-tables.ts': ['apps/server/src/features/y/schema.ts'],
  'apps/server/src/features/x/x.test.ts': [
    'apps/server/src/features/y/repo.ts',
    'apps/server/src/features/y/core.ts',
  ],
  'apps/server/src/features/y/index.ts': ['apps/server/src/features/y/repo.ts'],
  'apps/server/src/features/y/repo.ts': ['apps/server/src/features/y/schema.ts'],
  'apps/server/src/features/y/core.ts': [],
  // Reaching past another feature's schema.ts into its other files is still forbidden.
  'apps/server/src/features/y/schema.ts': ['apps/server/src/features/x/helpers.ts'],
  'apps/server/src/features/z/schema.ts': [
    'apps/server/src/features/x/index.ts',
    'apps/server/src/features/y/schema.ts',
  ],

  'tools/sim.ts': [
    'packages/shared/src/index.ts',
    'packages/shared/src/node/secret.ts',
    'apps/server/src/features/x/index.ts',
  ],
  'tools/cycle-a.ts': ['tools/cycle-b.ts'],
  'tools/cycle-b.ts': ['tools/cycle-a.ts'],
};

/** What each rule must report on the fixture: `rule: from -> to`, and nothing else. */
const EXPECTED = [
  'web-lib-not-to-features-or-app: apps/web/src/lib/bad-feature-type.ts -> apps/web/src/features/a/a.ts',
  'web-lib-not-to-features-or-app: apps/web/src/lib/bad-app.ts -> apps/web/src/app/root.ts',
  'web-feature-not-to-other-feature: apps/web/src/features/a/bad-b.ts -> apps/web/src/features/b/b.ts',
  'web-feature-not-to-app: apps/web/src/features/a/bad-app.ts -> apps/web/src/app/root.ts',
  'apps-not-to-tools: apps/server/src/bad-tool.ts -> tools/sim.ts',
  'packages-not-to-apps-or-tools: packages/shared/src/bad-app.ts -> apps/web/src/lib/util.ts',
  'packages-not-to-apps-or-tools: packages/shared/src/bad-tool.ts -> tools/sim.ts',
  'shared-not-to-node-builtins: packages/shared/src/bad-node.ts -> fs',
  'browser-code-not-to-shared-node: packages/shared/src/bad-node-only.ts -> packages/shared/src/node/secret.ts',
  'browser-code-not-to-shared-node: apps/web/src/lib/bad-node-only.ts -> packages/shared/src/node/secret.ts',
  // A cycle is reported once, at its first module; this one closes through an `import type`.
  'no-circular: apps/web/src/lib/cycle-a.ts -> apps/web/src/lib/cycle-b.ts',
  'server-feature-to-feature-internals: apps/server/src/features/x/bad-repo.ts -> apps/server/src/features/y/repo.ts',
  'server-feature-to-feature-internals: apps/server/src/features/x/bad-tables.ts -> apps/server/src/features/y/schema.ts',
  'server-schema-to-feature-internals: apps/server/src/features/y/schema.ts -> apps/server/src/features/x/helpers.ts',
  'server-db-to-feature-internals: apps/server/src/db/bad.ts -> apps/server/src/features/y/repo.ts',
  'server-other-to-feature-internals: apps/server/src/http/bad.ts -> apps/server/src/features/y/core.ts',
  'server-platform-not-to-features: apps/server/src/platform/bad.ts -> apps/server/src/features/x/index.ts',
  'not-to-unresolvable: apps/web/src/lib/broken.ts -> ./missing.ts',
];

function importLine(from: string, target: string, i: number): string {
  const type = target.startsWith('type:');
  const path = type ? target.slice('type:'.length) : target;
  let specifier = path;
  if (/^(apps|packages|tools)\//.test(path)) {
    specifier = relative(dirname(from), path);
    if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  }
  return type
    ? `import type * as t${i} from '${specifier}';\nexport type T${i} = typeof t${i};`
    : `import * as m${i} from '${specifier}';\nexport const v${i} = m${i};`;
}

let dir: string;
let result: ICruiseResult;
let configuredRules: string[];
let configuredSeverities: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'petti-dependency-rules-'));
  for (const [file, imports] of Object.entries(FIXTURE)) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    const lines = imports.map((target, i) => importLine(file, target, i));
    writeFileSync(join(dir, file), `${lines.join('\n')}\nexport const value = 1;\n`);
  }

  const options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
  const forbidden = options.ruleSet?.forbidden ?? [];
  configuredRules = forbidden.map((rule) => rule.name ?? '(unnamed)');
  configuredSeverities = forbidden.map((rule) => `${rule.name}: ${rule.severity}`);
  const tsConfigFile = join(ROOT, 'tsconfig.base.json');
  const { output } = await cruise(
    ['apps', 'packages', 'tools'],
    {
      ...options,
      baseDir: dir,
      tsConfig: { fileName: tsConfigFile },
      // Every rule as an error, whatever its severity in the config, so a rule loosened to "warn" is
      // still checked to catch what it should.
      ruleSet: { ...options.ruleSet, forbidden: forbidden.map((rule) => ({ ...rule, severity: 'error' })) },
    },
    undefined,
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  if (typeof output === 'string') throw new Error('expected the cruise result as an object');
  result = output;
}, 30_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  it('sees every import of the fixture, the type-only ones included', () => {
    const seen = result.modules
      .filter((m) => m.source in FIXTURE)
      .reduce((n, m) => n + m.dependencies.length, 0);
    const written = Object.values(FIXTURE).reduce((n, imports) => n + imports.length, 0);
    expect(seen).toBe(written);
  });

  it('reports exactly the forbidden imports, each under its own rule, and none of the allowed ones', () => {
    const reported = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(reported.sort()).toEqual([...EXPECTED].sort());
    expect(result.summary.violations.every((v) => v.rule.severity === 'error')).toBe(true);
  });

  it('fails the build on every rule: none is left at "warn"', () => {
    expect(configuredSeverities.filter((line) => !line.endsWith(': error'))).toEqual([]);
  });

  it('has a fixture case for every configured rule', () => {
    const covered = new Set(EXPECTED.map((line) => line.slice(0, line.indexOf(':'))));
    expect([...configuredRules].sort()).toEqual([...covered].sort());
  });
});
