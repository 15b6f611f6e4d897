import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { readRouteTable } from './route-preloads.ts';

/**
 * The first screens' code in a few files instead of dozens (docs/performance.md#first-screen-files).
 *
 * Left to itself the bundler makes a chunk for every set of pages that share a module, so a first
 * visit to the cart asked for 42 files, most under a kilobyte: on HTTP/1.1 a slow line fetches six to
 * ten at a time, each a round trip, and each request costs the phone's main thread too. This groups
 * every module a first screen's layout and page import (statically, all the way down) by which first
 * screens need it: the modules only the cart needs are one chunk, those the cart and the dashboard
 * share another, and so on. A screen never gets a module no first screen of its set needs; other pages
 * may load a little more than they use, once, from the cache after.
 */

export interface FirstScreenChunksOptions {
  /** The router's table (`src/app/router.tsx`), read as route-preloads.ts reads it. */
  routerFile: URL;
  routes: Record<string, string>;
  /** Each first screen: a short name (it goes into the chunk's file name) and its route pattern. */
  screens: Record<string, string>;
}

/** The chunk a module goes to: the first screens needing it, by name, in the order given. */
export type ChunkNamer = (moduleId: string) => string | null;

interface ModuleGraph {
  entries: string[];
  imports: (id: string) => readonly string[];
}

/** Every module `starts` import statically, themselves included. */
function staticClosure(starts: Iterable<string>, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...graph.imports(id));
  }
  return seen;
}

/**
 * Module → chunk name for the modules first screens need beyond what the entry already carries:
 * `screens-<names>` after the first screens that import it.
 */
export function firstScreenGroups(
  screens: Record<string, string[]>,
  graph: ModuleGraph,
): Map<string, string> {
  const inEntry = staticClosure(graph.entries, graph);
  const needs = new Map<string, string[]>();
  for (const [name, starts] of Object.entries(screens)) {
    for (const id of staticClosure(starts, graph)) {
      if (inEntry.has(id)) continue;
      needs.set(id, [...(needs.get(id) ?? []), name]);
    }
  }
  return new Map([...needs].map(([id, names]) => [id, `screens-${names.join('-')}`]));
}

/**
 * The plugin reads the module graph once the build has it, and `name` (a `codeSplitting` group's
 * name function) answers from it.
 */
export function firstScreenChunks(options: FirstScreenChunksOptions): { plugin: Plugin; name: ChunkNamer } {
  const routerPath = fileURLToPath(options.routerFile);
  const table = readRouteTable(readFileSync(routerPath, 'utf8'), options.routes);
  const screens: Record<string, string[]> = {};
  for (const [name, pattern] of Object.entries(options.screens)) {
    const route = table.find((r) => r.pattern === pattern);
    if (!route) throw new Error(`first-screen-chunks: no route ${pattern} in router.tsx`);
    screens[name] = route.imports.map((specifier) => resolve(dirname(routerPath), specifier));
  }
  let groups = new Map<string, string>();
  const plugin: Plugin = {
    name: 'petti-first-screen-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      for (const starts of Object.values(screens))
        for (const id of starts)
          if (!info(id)) throw new Error(`first-screen-chunks: ${id} is not in the build`);
      groups = firstScreenGroups(screens, {
        entries: ids.filter((id) => info(id)?.isEntry),
        imports: (id) => info(id)?.importedIds ?? [],
      });
    },
  };
  return { plugin, name: (id) => groups.get(id) ?? null };
}
