import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import ts from 'typescript';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { EARLY_REQUESTS } from '../src/lib/early-requests-name.ts';
import type { FirstScreen } from './first-screen.ts';
import { assetText } from './inline-entry-css.ts';

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
  /** Every module in the chunk: a page grouped with others (first-screen-chunks.ts) is no facade. */
  moduleIds?: string[];
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
  for (const chunk of chunks)
    for (const id of chunk.moduleIds ?? []) if (!byModule.has(id)) byModule.set(id, chunk);
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
   * A script defining the app's `pickLanguage(storage, browserLanguages)` and `earlyHeaders(storage)`
   * on the global `petti` (src/lib/boot-rules.ts, compiled by {@link compileBootRules}).
   */
  bootRules: string;
  /** The app's entry chunk, and the chunks it imports (Vite's own tags for them are taken out). */
  entry: { script: string; imports: string[] };
  /**
   * The routes whose screen the page carries, drawn at build time (by pattern), each with the storage
   * key whose presence means the copy may not be that user's screen (the cart's copy is of an empty
   * cart: any cart stored, and the copy is not used), and the addresses the app asks for as soon as it
   * draws that screen (the page asks for them first for someone signed in: src/lib/early-requests.ts),
   * and those it asks for only when that key is stored (the screen then holds what its copy does not).
   */
  firstScreens?: Record<string, { unlessStored?: string; requests?: string[]; alsoRequests?: string[] }>;
}

/** How many files the script asks for in one task of the page's main thread. */
export const REQUESTS_PER_TASK = 6;

/** Where a first screen's template ids start: the page's script builds the same ids. */
const FIRST_SCREEN_ID = 'first-screen-';

/** The id of a first screen's `<template>` in a language, or of its stylesheet's (`style`). */
export const firstScreenId = (row: number, part: string) => `${FIRST_SCREEN_ID}${row}-${part}`;

/**
 * The script at the end of index.html's body, which starts the app. Signed out (no last user stored:
 * a guess for preloading only, the router's guard decides), a route under the sign-in guard preloads
 * the sign-in screen, which is what will show; `/` goes to the dashboard as the router sends it.
 *
 * When the page carries that screen drawn at build time in the language the app will start in
 * (`<template>`s, ./first-screen.ts), the script puts it in `#boot` and asks for the app's code only
 * after that has been painted: the screen shows from the page alone, and nothing the app needs waits
 * in the queue before the paint (docs/performance.md#first-screens-before-any-script). The copy cannot
 * be used (`inert`); the app takes it away in the same frame its own screen appears
 * (lib/boot-splash.ts).
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
  const screens: Record<number, string> = {};
  const requests: Record<number, string[]> = {};
  const whenStored: Record<number, string[]> = {};
  for (const [pattern, screen] of Object.entries(options.firstScreens ?? {})) {
    const row = preloads.findIndex((p) => p.pattern === pattern);
    if (row < 0) throw new Error(`route-preloads: no route ${pattern} for its first screen`);
    screens[row] = screen.unlessStored ?? '';
    if (screen.requests?.length) requests[row] = screen.requests;
    if (screen.alsoRequests?.length) {
      if (!screen.unlessStored)
        throw new Error(`route-preloads: ${pattern} asks for more when nothing is stored`);
      whenStored[row] = screen.alsoRequests;
    }
  }
  const data = JSON.stringify({
    f: files,
    r: rows,
    w: screens,
    a: requests,
    o: whenStored,
    x: EARLY_REQUESTS,
    l: languages,
    e: [index(options.entry.script), options.entry.imports.map(index)],
    b: options.base,
    u: options.lastUserKey,
    h: options.home,
    s: options.signIn,
  });
  // Wrapped so its names stay its own; a failure in the guesses only loses the head start, never
  // the app's own script.
  return [
    '(function(d){',
    'var lang="en",r,find=function(p){for(var i=0;i<d.r.length;i++)if(new RegExp(d.r[i][0]).test(p))return d.r[i]};',
    'var add=function(rel,f,as){var l=document.createElement("link");l.rel=rel;l.href=d.b+d.f[f];if(as)l.as=as;l.crossOrigin="";document.head.appendChild(l)};',
    `try{${options.bootRules};lang=petti.pickLanguage(localStorage,navigator.languages||[]);`,
    'var p=location.pathname;if(p==="/")p=d.h;r=find(p);if(r&&r[1]&&!localStorage.getItem(d.u))r=find(d.s)}catch(e){}',
    // Starting a request costs the page about a millisecond of a phone's main thread: a few per task,
    // so asking for thirty files is never one long task (docs/performance.md#first-screens-before-any-script).
    'var q=[],started=0,styled=0,start=function(){if(started)return;started=1;',
    // First, the screen's first requests for someone signed in, with the headers the app would send:
    // their answers come while the app's code downloads (src/lib/early-requests.ts). Queued after the
    // paint like the files, so the copy waits for none of them and they count in the few per task. A
    // request that fails is the app's to see.
    'try{var ri=d.r.indexOf(r),ws=d.w[ri],a=r&&(d.a[ri]||[]).concat(ws&&d.o[ri]&&localStorage.getItem(ws)?d.o[ri]:[]),h=a&&a.length&&petti.earlyHeaders(localStorage);if(h){var E=window[d.x]=window[d.x]||{},hs=JSON.stringify(h);',
    'a.forEach(function(u){q.push(["fetch",function(){var f=fetch(u,{headers:h,credentials:"same-origin"});f.catch(function(){});E[u]={at:Date.now(),headers:hs,response:f}}])})}}catch(e){}',
    'var m=function(i){q.push(["modulepreload",i])};',
    'try{d.e[1].forEach(m);(d.l[lang]||[]).forEach(m)}catch(e){}q.push(["script",d.e[0]]);',
    'try{if(r){r[2].forEach(m);if(!styled)r[3].forEach(function(i){q.push(["preload",i,"style"])})}}catch(e){}next()};',
    `var next=function(){q.splice(0,${REQUESTS_PER_TASK}).forEach(function(x){if(x[0]==="fetch")return x[1]();if(x[0]!=="script")return add(x[0],x[1],x[2]);`,
    'var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=d.b+d.f[x[1]];',
    // The app's code could not be fetched (the line dropped on a first visit): a copy that cannot be
    // used would look like a screen that ignores its user, so the splash comes back.
    's.onerror=function(){if(back)back()};document.head.appendChild(s)});',
    'if(q.length)setTimeout(next,0)};',
    'var t=null,c=null,back=null,boot=document.getElementById("boot");',
    'try{var i=d.r.indexOf(r),w=d.w[i];if(r&&w!==undefined&&!(w&&localStorage.getItem(w))){',
    `t=document.getElementById("${FIRST_SCREEN_ID}"+i+"-"+lang);c=document.getElementById("${FIRST_SCREEN_ID}"+i+"-style")}}catch(e){}`,
    'if(t&&c&&boot){var kids=[].slice.call(boot.childNodes),cls=boot.className,role=boot.getAttribute("role"),label=boot.getAttribute("aria-label");',
    'back=function(){boot.className=cls;boot.setAttribute("role",role);boot.setAttribute("aria-label",label);boot.removeAttribute("aria-hidden");boot.inert=false;boot.replaceChildren.apply(boot,kids)};',
    'boot.className="boot-screen";boot.removeAttribute("role");boot.removeAttribute("aria-label");boot.setAttribute("aria-hidden","true");boot.inert=true;',
    // The route's stylesheets, which the copy is drawn with, go into the head to stay: the app's
    // loader finds each one there (a disabled link, never fetched, naming it) and adds none, so no
    // stylesheet arrives later to restyle the whole page while the copy is up.
    'document.head.appendChild(c.content.cloneNode(true));r[3].forEach(function(i){var l=document.createElement("link");l.rel="stylesheet";l.href=d.b+d.f[i];l.disabled=true;document.head.appendChild(l)});styled=1;',
    'boot.replaceChildren(t.content.cloneNode(true));document.documentElement.lang=lang;',
    // After the paint; a tab opened in the background paints nothing, so a timer starts it anyway.
    'requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,100)}else start()',
    `})(${data})`,
  ].join('');
}

/**
 * The app's rules for the page's script as a classic script: `var petti = { pickLanguage, earlyHeaders }`,
 * from the modules the app itself uses (src/lib/boot-rules.ts), so each rule is written once.
 */
export function compileBootRules(rulesModule: string): string {
  const out = buildSync({
    entryPoints: [rulesModule],
    bundle: true,
    format: 'iife',
    globalName: 'petti',
    write: false,
    minify: true,
    target: 'es2019',
    absWorkingDir: dirname(rulesModule),
  });
  return out.outputFiles[0]!.text.replace(/^"use strict";/, '').trim();
}

/** The files a language's strings need: the chunk of its module, less what the entry loads. */
function languageFiles(module: string, graph: ChunkGraph): string[] {
  const chunk = graph.byModule.get(module);
  if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
  return [...closure(chunk.fileName, graph.byFile)].filter((f) => !graph.loaded.has(f));
}

/** Vite's own tags for the entry: its script and the preloads of what it imports. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const ENTRY_IMPORT = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Takes Vite's tags for the entry out of the page (the script at the end of the body asks for them)
 * and says which files they named, relative to `base`.
 */
export function takeEntryTags(
  html: string,
  base: string,
): { html: string; script: string; imports: string[] } {
  const script = html.match(ENTRY_SCRIPT)?.[1];
  if (!script?.startsWith(base)) throw new Error('route-preloads: index.html has no entry script under base');
  const imports = [...html.matchAll(ENTRY_IMPORT)].map((m) => m[1]!.slice(base.length));
  return {
    html: html.replace(ENTRY_SCRIPT, '').replace(ENTRY_IMPORT, ''),
    script: script.slice(base.length),
    imports,
  };
}

/** A stylesheet's text from the bundle, to be put inline. */
function cssOf(bundle: Parameters<typeof assetText>[0], file: string): string {
  const css = assetText(bundle, file);
  if (css === undefined) throw new Error(`route-preloads: no stylesheet ${file}`);
  // A stylesheet cannot end the <template> or <style> it is put in.
  if (/<\/(style|template)/i.test(css)) throw new Error(`route-preloads: ${file} cannot be put inline`);
  return css;
}

export function routePreloads(options: {
  routerFile: URL;
  routes: Record<string, string>;
  lastUserKey: string;
  home: string;
  signIn: string;
  /** The module with the app's rules for the page's script (src/lib/boot-rules.ts). */
  bootRulesModule: URL;
  /** Each language's strings module, as the app loads it. */
  messages: Record<string, URL>;
  /**
   * Screens drawn at build time, in every language, into the page (./first-screen.ts): each route's
   * path, a selector in its screen once drawn, whether it is drawn signed in, and the storage key
   * whose presence means the copy is not to be used, and `alsoRequests`: what the screen asks for
   * when it holds what its copy does not (the cart's delivery choice reads the saved addresses), asked
   * for early only then, beside what drawing the copy asked for.
   */
  firstScreens?: Array<FirstScreen & { unlessStored?: string; alsoRequests?: string[] }>;
}): Plugin {
  const routerFile = options.routerFile.pathname;
  let base = '/';
  let root = '';
  return {
    name: 'petti-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle;
        const table = readRouteTable(readFileSync(routerFile, 'utf8'), options.routes);
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk') as unknown as BuiltChunk[];
        const graph = chunkGraph(chunks);
        const preloads = preloadsFor(table, routerFile, graph);
        const entry = takeEntryTags(html, base);
        // Loaded only when screens are drawn: it brings a simulated DOM and Vite's server.
        const drawn = options.firstScreens?.length
          ? await (await import('./first-screen.ts')).renderFirstScreens({
              root,
              screens: options.firstScreens.map(({ path, ready, signedIn }) => ({ path, ready, signedIn })),
              languages: Object.keys(options.messages),
            })
          : null;
        const script = preloadScript(preloads, {
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
          bootRules: compileBootRules(options.bootRulesModule.pathname),
          entry: { script: entry.script, imports: entry.imports },
          firstScreens: Object.fromEntries(
            (options.firstScreens ?? []).map((s) => [
              s.path,
              {
                unlessStored: s.unlessStored,
                requests: drawn?.requests[s.path],
                alsoRequests: s.alsoRequests,
              },
            ]),
          ),
        });
        const templates: HtmlTagDescriptor[] = [];
        const template = (id: string, children: string): HtmlTagDescriptor => ({
          tag: 'template',
          attrs: { id },
          children,
          injectTo: 'body',
        });
        for (const { path } of drawn ? (options.firstScreens ?? []) : []) {
          const row = preloads.findIndex((p) => p.pattern === path);
          const css = preloads[row]!.styles.map((f) => cssOf(bundle as never, f)).join('');
          templates.push(template(firstScreenId(row, 'style'), `<style>${css}</style>`));
          for (const [language, markup] of Object.entries(drawn?.markup[path] ?? {}))
            templates.push(template(firstScreenId(row, language), markup));
        }
        return {
          html: entry.html,
          tags: [...templates, { tag: 'script', children: script, injectTo: 'body' }],
        };
      },
    },
  };
}
