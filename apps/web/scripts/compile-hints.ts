import type { Plugin } from 'vite';

/** V8's hint that every function in the file runs as it loads (Chrome 136 and later). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Starts each of the app's script files with V8's compile hint, so Chrome compiles its functions
 * while the file streams in, on a thread of its own, instead of each one on the page's main thread
 * the first time it is called. Without it a first visit to the dashboard compiled about 50 ms of
 * functions on the main thread (200 ms on a phone four times slower), inside the tasks that draw
 * the screen (docs/performance.md#shorter-tasks-on-the-dashboard). Each file is one route's or one
 * library's code, most of which runs when it is loaded; browsers without the hint read it as a
 * comment.
 *
 * Added after minifying, which drops comments; the hint must be the file's first line.
 */
export function compileHints(): Plugin {
  return {
    name: 'petti-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own additions to the files (the preload map at the top of the entry).
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || output.code.startsWith(COMPILE_HINT)) continue;
          output.code = COMPILE_HINT + output.code;
          // The source map's lines move down by one with the code's: in the chunk's own map, or in
          // the map file already in the bundle.
          if (output.map) output.map.mappings = `;${output.map.mappings}`;
          const file = bundle[`${output.fileName}.map`];
          if (file?.type === 'asset' && typeof file.source === 'string') {
            const map = JSON.parse(file.source) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            file.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}
