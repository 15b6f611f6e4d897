import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../packages/shared/src/routes.ts';
import {
  type BuiltChunk,
  chunkGraph,
  compileLanguageRule,
  patternSource,
  preloadScript,
  preloadsFor,
  readRouteTable,
} from './route-preloads.ts';

const routerFile = new URL('../src/app/router.tsx', import.meta.url).pathname;
const routerSource = readFileSync(routerFile, 'utf8');

describe("reading the router's table", () => {
  const table = readRouteTable(routerSource, ROUTES);
  const find = (pattern: string) => table.find((r) => r.pattern === pattern);

  it('finds every page with its layout, and which are behind the sign-in guard', () => {
    expect(table).toHaveLength(routerSource.match(/\bpage\(/g)!.length - 1); // less the helper's own declaration
    expect(find(ROUTES.login)).toEqual({
      pattern: '/login',
      imports: ['./layouts/auth-layout.tsx', '../features/auth/pages/login-page.tsx'],
      signedIn: false,
    });
    expect(find(ROUTES.dashboard)).toEqual({
      pattern: '/dashboard',
      imports: ['./layouts/main-layout.tsx', '../features/bookings/pages/dashboard-page.tsx'],
      signedIn: true,
    });
    expect(find(ROUTES.myCart)?.imports[0]).toBe('./layouts/complex-layout.tsx');
    expect(find(ROUTES.myCart)?.signedIn).toBe(true);
    expect(find(ROUTES.becomeSeller)).toMatchObject({
      imports: ['./layouts/seller-layout.tsx', expect.any(String)],
      signedIn: false,
    });
    // A page picked by a route module with a named export.
    expect(find(ROUTES.search)?.imports[1]).toBe('./routes/complex-aware-routes.tsx');
  });

  it('refuses a route it cannot read rather than leave it out', () => {
    const broken = routerSource.replace('page(ROUTES.login,', 'page(ROUTES.nowhere,');
    expect(() => readRouteTable(broken, ROUTES)).toThrow(/cannot read/);
  });
});

describe("a route's files", () => {
  const chunk = (fileName: string, imports: string[], facade: string | null = null, css: string[] = []) =>
    ({
      type: 'chunk',
      fileName,
      isEntry: fileName === 'assets/index.js',
      facadeModuleId: facade,
      imports,
      viteMetadata: { importedCss: new Set(css) },
    }) satisfies BuiltChunk;
  const chunks = [
    chunk('assets/index.js', ['assets/react.js']),
    chunk('assets/react.js', []),
    chunk(
      'assets/auth-layout.js',
      ['assets/react.js', 'assets/logo.js'],
      '/app/src/app/layouts/auth-layout.tsx',
    ),
    chunk('assets/logo.js', [], null, ['assets/logo.css']),
    chunk(
      'assets/login-page.js',
      ['assets/form.js', 'assets/logo.js'],
      '/app/src/features/auth/pages/login-page.tsx',
      ['assets/auth.css'],
    ),
    chunk('assets/form.js', ['assets/react.js'], null, ['assets/form.css']),
  ];
  const table = [
    {
      pattern: '/login',
      imports: ['./layouts/auth-layout.tsx', '../features/auth/pages/login-page.tsx'],
      signedIn: false,
    },
  ];

  it('are its layout and page with all they import, less what the entry loads, and their styles', () => {
    const [login] = preloadsFor(table, '/app/src/app/router.tsx', chunkGraph(chunks));
    expect(login?.scripts.sort()).toEqual(
      ['assets/auth-layout.js', 'assets/form.js', 'assets/login-page.js', 'assets/logo.js'].sort(),
    );
    expect(login?.styles.sort()).toEqual(['assets/auth.css', 'assets/form.css', 'assets/logo.css'].sort());
  });

  it('fail the build when a route’s module has no chunk', () => {
    const missing = [{ ...table[0]!, imports: ['./layouts/nowhere.tsx'] }];
    expect(() => preloadsFor(missing, '/app/src/app/router.tsx', chunkGraph(chunks))).toThrow(/no chunk/);
  });
});

describe('the script index.html runs', () => {
  const preloads = [
    {
      pattern: '/dashboard',
      signedIn: true,
      scripts: ['assets/dash.js', 'assets/shared.js'],
      styles: ['assets/dash.css'],
    },
    { pattern: '/productDetails/:id', signedIn: true, scripts: ['assets/product.js'], styles: [] },
    { pattern: '/login', signedIn: false, scripts: ['assets/login.js', 'assets/shared.js'], styles: [] },
    { pattern: '/Grab&Go', signedIn: true, scripts: ['assets/grab.js'], styles: [] },
  ];
  const script = preloadScript(preloads, {
    base: '/',
    lastUserKey: 'lastSignedInUser',
    home: '/dashboard',
    signIn: '/login',
    languages: { en: ['assets/en.js'], ta: ['assets/ta.js'] },
    languageRule: compileLanguageRule(new URL('../src/lib/i18n/language.ts', import.meta.url).pathname),
  });

  function load(
    pathname: string,
    signedIn: boolean,
    stored: Record<string, string> = {},
    browser = ['en-IN'],
  ) {
    const added: Array<{ rel: string; href: string; as?: string; crossOrigin?: string }> = [];
    const items: Record<string, string> = { ...stored, ...(signedIn && { lastSignedInUser: 'u1' }) };
    runInNewContext(script, {
      location: { pathname },
      navigator: { languages: browser },
      localStorage: { getItem: (key: string) => items[key] ?? null },
      document: {
        createElement: () => ({}),
        head: { appendChild: (link: (typeof added)[number]) => added.push(link) },
      },
    });
    return added;
  }
  /** The route's own files (the language's strings come first). */
  const run = (pathname: string, signedIn: boolean) => load(pathname, signedIn).slice(1);

  it("asks for the route's scripts and styles, as CORS requests the way the app's loader makes them", () => {
    expect(run('/dashboard', true)).toEqual([
      { rel: 'modulepreload', href: '/assets/dash.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/shared.js', crossOrigin: '' },
      { rel: 'preload', href: '/assets/dash.css', as: 'style', crossOrigin: '' },
    ]);
    expect(run('/productDetails/p-42', true).map((l) => l.href)).toEqual(['/assets/product.js']);
    expect(run('/Grab&Go', true).map((l) => l.href)).toEqual(['/assets/grab.js']);
  });

  it('asks for the sign-in screen when signed out on a guarded route, the dashboard for /, nothing elsewhere', () => {
    expect(run('/dashboard', false).map((l) => l.href)).toEqual(['/assets/login.js', '/assets/shared.js']);
    expect(run('/', true).map((l) => l.href)).toContain('/assets/dash.js');
    expect(run('/', false).map((l) => l.href)).toContain('/assets/login.js');
    expect(run('/nowhere', true)).toEqual([]);
    expect(run('/productDetails/a/b', true)).toEqual([]);
  });

  it("asks for the strings of the language the app will pick: the stored one, else the browser's, else English", () => {
    expect(load('/login', false)[0]).toEqual({
      rel: 'modulepreload',
      href: '/assets/en.js',
      crossOrigin: '',
    });
    expect(load('/login', false, { language: 'ta' })[0]?.href).toBe('/assets/ta.js');
    expect(load('/login', false, {}, ['ta-IN', 'en'])[0]?.href).toBe('/assets/ta.js');
    expect(load('/login', false, { language: 'en' }, ['ta-IN'])[0]?.href).toBe('/assets/en.js');
    expect(load('/nowhere', false, {}, ['fr'])).toEqual([
      { rel: 'modulepreload', href: '/assets/en.js', crossOrigin: '' },
    ]);
  });

  it('matches one path segment per parameter, and a trailing slash', () => {
    const source = patternSource('/productDetails/:id');
    expect(new RegExp(source).test('/productDetails/abc')).toBe(true);
    expect(new RegExp(source).test('/productDetails/abc/')).toBe(true);
    expect(new RegExp(source).test('/productDetails/')).toBe(false);
    expect(new RegExp(patternSource('/profile/MyOrders')).test('/profile/MyOrders/o-1')).toBe(false);
  });
});
