import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints.ts';

type Output =
  | { type: 'chunk'; fileName: string; code: string; map?: { mappings: string } | null }
  | { type: 'asset'; fileName: string; source: string };

/** Runs the plugin's generateBundle over a bundle of made-up files. */
function generate(bundle: Record<string, Output>): Record<string, Output> {
  const plugin = compileHints() as unknown as {
    generateBundle: { handler(options: unknown, bundle: Record<string, Output>): void };
  };
  plugin.generateBundle.handler({}, bundle);
  return bundle;
}

describe('compile hints', () => {
  it('start every script file, moving its source map down a line, and touch nothing else', () => {
    const bundle = generate({
      'assets/a.js': { type: 'chunk', fileName: 'assets/a.js', code: 'import"./b.js";run();', map: null },
      'assets/a.js.map': {
        type: 'asset',
        fileName: 'assets/a.js.map',
        source: '{"version":3,"mappings":"AAAA"}',
      },
      'assets/b.js': {
        type: 'chunk',
        fileName: 'assets/b.js',
        code: 'export{}',
        map: { mappings: 'AAAA;AACA' },
      },
      'assets/c.css': { type: 'asset', fileName: 'assets/c.css', source: 'p{}' },
    });
    expect(bundle['assets/a.js']).toMatchObject({ code: `${COMPILE_HINT}import"./b.js";run();` });
    expect(JSON.parse((bundle['assets/a.js.map'] as { source: string }).source)).toEqual({
      version: 3,
      mappings: ';AAAA',
    });
    expect(bundle['assets/b.js']).toMatchObject({
      code: `${COMPILE_HINT}export{}`,
      map: { mappings: ';AAAA;AACA' },
    });
    expect(bundle['assets/c.css']).toMatchObject({ source: 'p{}' });
    // A second pass (a rebuild of the same bundle) adds nothing.
    generate(bundle);
    expect((bundle['assets/b.js'] as { code: string }).code).toBe(`${COMPILE_HINT}export{}`);
  });
});
