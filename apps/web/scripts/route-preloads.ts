import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The first screen's own code, asked for by index.html itself (docs/performance.md#route-preloads).
 *
 * Each page and layout is a chunk the router loads when its route is first visited, so on a first
 * visit the browser only learns about them once the entry chunk has arrived and run: a second round
 * of requests on a slow line. This plugin reads the router's table (`src/app/router.tsx`) at build
 * time and puts a small script into index.html that, for the address being opened, adds
 * `<link rel="modulepreload">` for the page's and its layout's chunks and `<link rel="preload">` for
 * their styles, so they download beside the entry. Both are CORS requests, as Vite's own loader makes
 * them (a preload made otherwise is not used). It asks for the strings of the language the app will
 * start in too, chosen by the app's own rule (`pickLanguage`, compiled into the script), since the
 * app draws nothing before they arrive.
 */

/** One route of the router's table, as read from its source. */
export interface RouteEntry {
  /** The path pattern, e.g. `/productDetails/:id`. */
  pattern: string;
  /** The modules the route loads (its layout's, then its page's), as written in router.tsx. */
  imports: string[];
  /** Under the sign-in guard: opened signed out, the app shows the sign-in screen instead. */
  signedIn: boolean;
}

/** `() => import('x')`, or `() => import('x').then(…)`: the module's specifier. */
function importedBy(node: ts.Node): string | null {
  let found: string | null = null;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = n.arguments;
      if (arg && ts.isStringLiteral(arg)) found = arg.text;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

const property = (o: ts.ObjectLiteralExpression, name: string) =>
  o.properties.find(
    (p): p is ts.PropertyAssignment =>
      ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
  )?.initializer;

/**
 * The router's table: every `page(ROUTES.x, id, () => import('…'))` with the layout of the list it is
 * in (`{ lazy: lazy(() => import('./layouts/…')), children: list }`) and whether that layout sits under
 * `{ Component: RequireAuth }`.
 */
export function readRouteTable(source: string, routes: Record<string, string>): RouteEntry[] {
  const file = ts.createSourceFile('router.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lists = new Map<string, Array<{ pattern: string; page: string }>>();
  const layouts = new Map<string, { layout: string; signedIn: boolean }>();

  const visit = (node: ts.Node, signedIn: boolean) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (ts.isArrayLiteralExpression(node.initializer)) {
        const pages: Array<{ pattern: string; page: string }> = [];
        for (const element of node.initializer.elements) {
          if (!ts.isCallExpression(element) || !ts.isIdentifier(element.expression)) continue;
          if (element.expression.text !== 'page') continue;
          const [path, , load] = element.arguments;
          const key = path && ts.isPropertyAccessExpression(path) ? path.name.text : null;
          const pattern = key ? routes[key] : undefined;
          const page = load ? importedBy(load) : null;
          if (!pattern || !page) throw new Error(`route-preloads: cannot read ${element.getText(file)}`);
          pages.push({ pattern, page });
        }
        if (pages.length) lists.set(node.name.text, pages);
      }
    }
    if (ts.isObjectLiteralExpression(node)) {
      const component = property(node, 'Component');
      const guarded =
        signedIn || (!!component && ts.isIdentifier(component) && component.text === 'RequireAuth');
      const lazy = property(node, 'lazy');
      const children = property(node, 'children');
      if (lazy && children && ts.isIdentifier(children)) {
        const layout = importedBy(lazy);
        if (layout) layouts.set(children.text, { layout, signedIn: guarded });
      }
      ts.forEachChild(node, (child) => visit(child, guarded));
      return;
    }
    ts.forEachChild(node, (child) => visit(child, signedIn));
  };
  visit(file, false);

  const table: RouteEntry[] = [];
  for (const [name, pages] of lists) {
    const group = layouts.get(name);
    if (!group) throw new Error(`route-preloads: the list ${name} has no layout in router.tsx`);
    for (const { pattern, page } of pages)
      table.push({ pattern, imports: [group.layout, page], signedIn: group.signedIn });
  }
  return table;
}

/** What one route's preloads are: scripts (beyond the entry's own) and styles. */
export interface Preload {
  pattern: string;
  signedIn: boolean;
  scripts: string[];
  styles: string[];
}

/** The part of a built chunk this plugin reads (Vite's output chunks have these). */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Every chunk a chunk needs before it runs: itself and its static imports, all the way down. */
function closure(start: string, chunks: Map<string, BuiltChunk>, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  for (const next of chunks.get(start)?.imports ?? []) closure(next, chunks, into);
  return into;
}

/** The build's chunks, looked up by file and by module, and what index.html already asks for. */
export interface ChunkGraph {
  byFile: Map<string, BuiltChunk>;
  byModule: Map<string, BuiltChunk>;
  /** The entry chunk and its static imports. */
  loaded: Set<string>;
}

/** Made once per build and read by the routes' and the languages' preloads alike. */
export function chunkGraph(chunks: BuiltChunk[]): ChunkGraph {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('route-preloads: the build has no entry chunk');
  return { byFile, byModule, loaded: closure(entry.fileName, byFile) };
}

/**
 * Each route's files, from the build's chunks: the chunks of its layout and page with everything they
 * import, less what the entry already loads (index.html asks for those already).
 */
export function preloadsFor(table: RouteEntry[], routerFile: string, graph: ChunkGraph): Preload[] {
  const { byFile, byModule, loaded } = graph;
  return table.map(({ pattern, imports, signedIn }) => {
    const files = new Set<string>();
    for (const specifier of imports) {
      const chunk = byModule.get(resolve(dirname(routerFile), specifier));
      if (!chunk) throw new Error(`route-preloads: no chunk for ${specifier} (${pattern})`);
      closure(chunk.fileName, byFile, files);
    }
    const scripts = [...files].filter((f) => !loaded.has(f));
    const styles = new Set<string>();
    for (const f of scripts)
      for (const css of byFile.get(f)?.viteMetadata?.importedCss ?? []) styles.add(css);
    return { pattern, signedIn, scripts, styles: [...styles] };
  });
}

/** A route pattern as a regular expression's source: `:id` matches one path segment. */
export function patternSource(pattern: string): string {
  const escaped = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return `^${escaped}\\/?$`;
}

/** What the script needs besides the routes' files. */
export interface ScriptOptions {
  base: string;
  lastUserKey: string;
  home: string;
  signIn: string;
  /** Each language's strings: the files to ask for. */
  languages: Record<string, string[]>;
  /**
   * A script defining `pickLanguage(storage, browserLanguages)` on the global `petti` (the app's rule,
   * compiled by {@link compileLanguageRule}).
   */
  languageRule: string;
}

/**
 * The script index.html runs before anything else. Signed out (no last user stored: a guess for
 * preloading only, the router's guard decides), a route under the sign-in guard preloads the sign-in
 * screen, which is what will show; `/` goes to the dashboard as the router sends it.
 */
export function preloadScript(preloads: Preload[], options: ScriptOptions): string {
  const files: string[] = [];
  const index = (f: string) => {
    const at = files.indexOf(f);
    return at >= 0 ? at : files.push(f) - 1;
  };
  const rows = preloads.map((p) => [
    patternSource(p.pattern),
    p.signedIn ? 1 : 0,
    p.scripts.map(index),
    p.styles.map(index),
  ]);
  const languages = Object.fromEntries(
    Object.entries(options.languages).map(([l, fs]) => [l, fs.map(index)]),
  );
  const data = JSON.stringify({
    f: files,
    r: rows,
    l: languages,
    b: options.base,
    u: options.lastUserKey,
    h: options.home,
    s: options.signIn,
  });
  // Wrapped so its names stay its own; any failure only loses the head start.
  return `(function(d){try{${options.languageRule};var add=function(rel,f,as){var l=document.createElement('link');l.rel=rel;l.href=d.b+f;if(as)l.as=as;l.crossOrigin='';document.head.appendChild(l)};var lang=petti.pickLanguage(localStorage,navigator.languages||[]);(d.l[lang]||[]).forEach(function(i){add('modulepreload',d.f[i])});var p=location.pathname;if(p==='/')p=d.h;var signedIn=!!localStorage.getItem(d.u);var find=function(p){for(var i=0;i<d.r.length;i++)if(new RegExp(d.r[i][0]).test(p))return d.r[i]};var r=find(p);if(r&&r[1]&&!signedIn)r=find(d.s);if(!r)return;r[2].forEach(function(i){add('modulepreload',d.f[i])});r[3].forEach(function(i){add('preload',d.f[i],'style')})}catch(e){}})(${data})`;
}

/**
 * The app's language rule as a classic script: `var petti = { pickLanguage, … }`, from the module the app
 * itself uses, so the rule is written once.
 */
export function compileLanguageRule(languageModule: string): string {
  const out = buildSync({
    entryPoints: [languageModule],
    bundle: true,
    format: 'iife',
    globalName: 'petti',
    write: false,
    minify: true,
    target: 'es2019',
    absWorkingDir: dirname(languageModule),
  });
  return out.outputFiles[0]!.text.replace(/^"use strict";/, '').trim();
}

/** The files a language's strings need: the chunk of its module, less what the entry loads. */
function languageFiles(module: string, graph: ChunkGraph): string[] {
  const chunk = graph.byModule.get(module);
  if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
  return [...closure(chunk.fileName, graph.byFile)].filter((f) => !graph.loaded.has(f));
}

export function routePreloads(options: {
  routerFile: URL;
  routes: Record<string, string>;
  lastUserKey: string;
  home: string;
  signIn: string;
  /** The module with the app's `pickLanguage`. */
  languageModule: URL;
  /** Each language's strings module, as the app loads it. */
  messages: Record<string, URL>;
}): Plugin {
  const routerFile = options.routerFile.pathname;
  let base = '/';
  return {
    name: 'petti-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const table = readRouteTable(readFileSync(routerFile, 'utf8'), options.routes);
        const chunks = Object.values(ctx.bundle).filter((o) => o.type === 'chunk') as unknown as BuiltChunk[];
        const graph = chunkGraph(chunks);
        const script = preloadScript(preloadsFor(table, routerFile, graph), {
          base,
          lastUserKey: options.lastUserKey,
          home: options.home,
          signIn: options.signIn,
          languages: Object.fromEntries(
            Object.entries(options.messages).map(([language, url]) => [
              language,
              languageFiles(url.pathname, graph),
            ]),
          ),
          languageRule: compileLanguageRule(options.languageModule.pathname),
        });
        return {
          html,
          tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }],
        };
      },
    },
  };
}
