import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../packages/shared/src/constants.ts';
import { ROUTES } from '../../../packages/shared/src/routes.ts';
import { callHeaders } from '../src/lib/api-protocol.ts';
import { CLIENT_ID_PREFIX } from '../src/lib/auth-storage.ts';
import { EARLY_REQUESTS, type EarlyRequest } from '../src/lib/early-requests.ts';
import {
  type BuiltChunk,
  chunkGraph,
  compileBootRules,
  patternSource,
  preloadScript,
  preloadsFor,
  REQUESTS_PER_TASK,
  readRouteTable,
  takeEntryTags,
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

  it('are found when the page is grouped into a chunk with other modules (no facade of its own)', () => {
    const grouped = [
      ...chunks.filter((c) => c.fileName !== 'assets/login-page.js'),
      {
        ...chunk('assets/screens-login.js', ['assets/form.js'], null, ['assets/auth.css']),
        moduleIds: ['/app/src/features/auth/pages/phone.ts', '/app/src/features/auth/pages/login-page.tsx'],
      },
    ];
    const [login] = preloadsFor(table, '/app/src/app/router.tsx', chunkGraph(grouped));
    expect(login?.scripts.sort()).toEqual(
      ['assets/auth-layout.js', 'assets/form.js', 'assets/logo.js', 'assets/screens-login.js'].sort(),
    );
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
    { pattern: '/MyCart', signedIn: true, scripts: ['assets/cart.js'], styles: [] },
  ];
  const script = preloadScript(preloads, {
    base: '/',
    lastUserKey: 'lastSignedInUser',
    home: '/dashboard',
    signIn: '/login',
    languages: { en: ['assets/en.js'], ta: ['assets/ta.js'] },
    bootRules: compileBootRules(new URL('../src/lib/boot-rules.ts', import.meta.url).pathname),
    entry: { script: 'assets/index.js', imports: ['assets/react.js'] },
    firstScreens: {
      '/login': {},
      '/dashboard': { requests: ['/api/bookings?period=recent', '/api/locker-locations'] },
      '/MyCart': { unlessStored: 'cart', requests: ['/api/cart'] },
    },
  });

  interface Added {
    rel?: string;
    href?: string;
    as?: string;
    crossOrigin?: string;
    type?: string;
    src?: string;
    onerror?: () => void;
    disabled?: boolean;
  }
  /** A copy of a screen, as the page's `<template>`s hold them. */
  const template = (id: string) => ({ id, content: { cloneNode: () => `copy of ${id}` } });

  function load(
    pathname: string,
    signedIn: boolean,
    stored: Record<string, string> = {},
    browser = ['en-IN'],
    templates = [
      'first-screen-0-style',
      'first-screen-0-en',
      'first-screen-0-ta',
      'first-screen-2-style',
      'first-screen-2-en',
      'first-screen-2-ta',
      'first-screen-4-style',
      'first-screen-4-en',
    ],
  ) {
    const added: Added[] = [];
    const items: Record<string, string> = { ...stored, ...(signedIn && { lastSignedInUser: 'u1' }) };
    const attributes: Record<string, string | null> = { role: 'status', 'aria-label': 'Petti' };
    const boot = {
      className: 'boot-splash',
      inert: false,
      childNodes: ['the mark', 'the name'],
      children: [] as unknown[],
      replaceChildren: (...nodes: unknown[]) => {
        boot.children = nodes;
      },
      getAttribute: (name: string) => attributes[name] ?? null,
      setAttribute: (name: string, value: string) => {
        attributes[name] = value;
      },
      removeAttribute: (name: string) => {
        attributes[name] = null;
      },
    };
    const timers: Array<() => void> = [];
    const html = { lang: 'en' };
    runInNewContext(script, {
      location: { pathname },
      navigator: { languages: browser },
      localStorage: { getItem: (key: string) => items[key] ?? null },
      requestAnimationFrame: (fn: () => void) => timers.push(fn),
      setTimeout: (fn: () => void) => timers.push(fn),
      document: {
        documentElement: html,
        createElement: () => ({}),
        getElementById: (id: string) => (id === 'boot' ? boot : templates.includes(id) ? template(id) : null),
        head: { appendChild: (element: Added) => added.push(element) },
      },
    });
    /** Runs what waits for the paint (the frame, then its timer) and the timer that backs it up. */
    const paint = () => {
      for (let i = 0; i < timers.length; i++) timers[i]!();
    };
    return { added, boot, attributes, html, paint };
  }
  /** What the page asked for once painted (a page showing a copy asks only then). */
  const started = (...args: Parameters<typeof load>) => {
    const page = load(...args);
    page.paint();
    return page.added;
  };
  /**
   * The route's own files, in a page carrying no copies: after the entry's import, the language's
   * strings and the entry itself.
   */
  const run = (pathname: string, signedIn: boolean) =>
    started(pathname, signedIn, {}, ['en-IN'], []).slice(3);

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
    expect(started('/login', false, {}, ['en-IN'], [])[1]).toEqual({
      rel: 'modulepreload',
      href: '/assets/en.js',
      crossOrigin: '',
    });
    expect(started('/login', false, { language: 'ta' }, ['en-IN'], [])[1]?.href).toBe('/assets/ta.js');
    expect(started('/login', false, {}, ['ta-IN', 'en'], [])[1]?.href).toBe('/assets/ta.js');
    expect(started('/login', false, { language: 'en' }, ['ta-IN'], [])[1]?.href).toBe('/assets/en.js');
    expect(started('/nowhere', false, {}, ['fr']).slice(1)).toMatchObject([
      { rel: 'modulepreload', href: '/assets/en.js', crossOrigin: '' },
      { type: 'module', crossOrigin: '', src: '/assets/index.js' },
    ]);
  });

  it('starts the app: its entry’s imports and strings, then its script, a module fetched with CORS', () => {
    const added = started('/dashboard', true, {}, ['en-IN'], []);
    expect(added[0]).toEqual({ rel: 'modulepreload', href: '/assets/react.js', crossOrigin: '' });
    expect(added[2]).toMatchObject({ type: 'module', crossOrigin: '', src: '/assets/index.js' });
  });

  it(`asks for at most ${REQUESTS_PER_TASK} files in one task, so no task of its own is long`, () => {
    // No copy on this route: its few files all go at once, while the page is parsed.
    const page = load('/Grab&Go', true);
    expect(page.added).toHaveLength(4);
    const many = preloadScript(
      [
        {
          pattern: '/big',
          signedIn: false,
          scripts: Array.from({ length: 20 }, (_, i) => `assets/${i}.js`),
          styles: [],
        },
      ],
      {
        base: '/',
        lastUserKey: 'lastSignedInUser',
        home: '/big',
        signIn: '/big',
        languages: { en: ['assets/en.js'] },
        bootRules: compileBootRules(new URL('../src/lib/boot-rules.ts', import.meta.url).pathname),
        entry: { script: 'assets/index.js', imports: ['assets/react.js'] },
      },
    );
    const added: unknown[] = [];
    const tasks: Array<() => void> = [];
    const perTask: number[] = [];
    runInNewContext(many, {
      location: { pathname: '/big' },
      navigator: { languages: [] },
      localStorage: { getItem: () => null },
      setTimeout: (fn: () => void) => tasks.push(fn),
      requestAnimationFrame: (fn: () => void) => tasks.push(fn),
      document: {
        documentElement: {},
        createElement: () => ({}),
        getElementById: () => null,
        head: { appendChild: (element: unknown) => added.push(element) },
      },
    });
    perTask.push(added.length);
    for (const task of tasks) {
      const before = added.length;
      task();
      perTask.push(added.length - before);
    }
    expect(added).toHaveLength(23);
    expect(Math.max(...perTask)).toBeLessThanOrEqual(REQUESTS_PER_TASK);
  });

  it('shows the route’s copy in the language the app will use, and asks for nothing before the paint', () => {
    const page = load('/', true, { language: 'ta' });
    expect(page.boot.children).toEqual(['copy of first-screen-0-ta']);
    expect(page.boot.className).toBe('boot-screen');
    expect(page.boot.inert).toBe(true);
    expect(page.attributes).toEqual({ role: null, 'aria-label': null, 'aria-hidden': 'true' });
    expect(page.html.lang).toBe('ta');
    // The route's styles, in the head to stay, and named for the app's loader by links it never fetches.
    expect(page.added).toEqual([
      'copy of first-screen-0-style',
      { rel: 'stylesheet', href: '/assets/dash.css', disabled: true },
    ]);
    page.paint();
    // Once, though both the frame's timer and the backing timer ran.
    expect(page.added.filter((a) => a.type === 'module')).toHaveLength(1);
    expect(page.added.map((a) => a.href ?? a.src)).toContain('/assets/dash.js');
    // Not preloaded again: the page holds those styles already.
    expect(page.added.filter((a) => a.rel === 'preload')).toEqual([]);
  });

  it('shows the sign-in screen’s copy signed out on a guarded route, and no copy where there is none', () => {
    const guarded = load('/MyCart', false);
    expect(guarded.boot.children).toEqual(['copy of first-screen-2-en']);
    // No Tamil copy of the cart in this page: the splash stays, and the app starts at once.
    const noCopy = load('/MyCart', true, { language: 'ta' });
    expect(noCopy.boot.className).toBe('boot-splash');
    expect(noCopy.added.map((a) => a.src)).toContain('/assets/index.js');
    const elsewhere = load('/Grab&Go', true);
    expect(elsewhere.boot.children).toEqual([]);
    expect(elsewhere.added.map((a) => a.src)).toContain('/assets/index.js');
  });

  it('brings the splash back when the app’s code cannot be fetched, rather than leave a copy that cannot be used', () => {
    const page = load('/login', false);
    page.paint();
    expect(page.boot.className).toBe('boot-screen');
    page.added.find((a) => a.type === 'module')?.onerror?.();
    expect(page.boot.children).toEqual(['the mark', 'the name']);
    expect(page.boot.className).toBe('boot-splash');
    expect(page.boot.inert).toBe(false);
    expect(page.attributes).toEqual({ role: 'status', 'aria-label': 'Petti', 'aria-hidden': null });
  });

  it('keeps the splash when the storage says the copy may not be this user’s screen', () => {
    expect(load('/MyCart', true).boot.children).toEqual(['copy of first-screen-4-en']);
    const withCart = load('/MyCart', true, { cart: '{"items":[1]}' });
    expect(withCart.boot.className).toBe('boot-splash');
    expect(withCart.added.map((a) => a.src)).toContain('/assets/index.js');
  });

  it('matches one path segment per parameter, and a trailing slash', () => {
    const source = patternSource('/productDetails/:id');
    expect(new RegExp(source).test('/productDetails/abc')).toBe(true);
    expect(new RegExp(source).test('/productDetails/abc/')).toBe(true);
    expect(new RegExp(source).test('/productDetails/')).toBe(false);
    expect(new RegExp(patternSource('/profile/MyOrders')).test('/profile/MyOrders/o-1')).toBe(false);
  });
});

describe("Vite's tags for the entry", () => {
  const html = [
    '<head><title>Petti</title>',
    '<script type="module" crossorigin src="/app/assets/index-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/app/assets/react-2.js">',
    '<link rel="modulepreload" crossorigin href="/app/assets/api-3.js">',
    '<style>b{}</style></head>',
  ].join('\n');

  it('come out of the page, and name the files the script asks for instead', () => {
    expect(takeEntryTags(html, '/app/')).toEqual({
      html: '<head><title>Petti</title>\n<style>b{}</style></head>',
      script: 'assets/index-1.js',
      imports: ['assets/react-2.js', 'assets/api-3.js'],
    });
  });

  it('fail the build when the page has no entry script', () => {
    expect(() => takeEntryTags('<head></head>', '/')).toThrow(/no entry script/);
  });
});

describe('the requests the page makes early', () => {
  const script = preloadScript(
    [
      { pattern: '/dashboard', signedIn: true, scripts: [], styles: [] },
      { pattern: '/login', signedIn: false, scripts: [], styles: [] },
      { pattern: '/Grab&Go', signedIn: true, scripts: [], styles: [] },
      { pattern: '/MyCart', signedIn: true, scripts: [], styles: [] },
    ],
    {
      base: '/',
      lastUserKey: STORAGE_KEYS.lastUser,
      home: '/dashboard',
      signIn: '/login',
      languages: { en: [] },
      bootRules: compileBootRules(new URL('../src/lib/boot-rules.ts', import.meta.url).pathname),
      entry: { script: 'assets/index.js', imports: [] },
      firstScreens: {
        '/dashboard': { requests: ['/api/bookings?period=recent', '/api/locker-locations'] },
        '/login': {},
        '/MyCart': { unlessStored: 'cart', requests: ['/api/x'], alsoRequests: ['/api/addresses'] },
      },
    },
  );
  const signedIn = {
    [STORAGE_KEYS.lastUser]: 'u1',
    [`${STORAGE_KEYS.accessTokenPrefix}u1`]: 'token-1',
    [`${CLIENT_ID_PREFIX}u1`]: 'client-1',
    [STORAGE_KEYS.sessionId]: 'd-device0001',
  };
  /** Opens the page; with `copy`, the page carries the dashboard's copy and `paint` paints it. */
  function open(pathname: string, stored: Record<string, string>, copy = false) {
    const window: Record<string, unknown> = {};
    const fetched: Array<{ url: string; init: RequestInit }> = [];
    const timers: Array<() => void> = [];
    const boot = {
      childNodes: [],
      getAttribute: () => null,
      setAttribute() {},
      removeAttribute() {},
      replaceChildren() {},
    };
    const template = { content: { cloneNode: () => ({}) } };
    runInNewContext(script, {
      window,
      location: { pathname },
      navigator: { languages: [] },
      localStorage: { getItem: (key: string) => stored[key] ?? null, setItem: () => {} },
      fetch: (url: string, init: RequestInit) => {
        fetched.push({ url, init });
        return Promise.resolve(`answer to ${url}`);
      },
      setTimeout: (fn: () => void) => timers.push(fn),
      requestAnimationFrame: (fn: () => void) => timers.push(fn),
      document: {
        documentElement: {},
        createElement: () => ({}),
        getElementById: (id: string) =>
          !copy ? null : id === 'boot' ? boot : id.startsWith('first-screen-0-') ? template : null,
        head: { appendChild: () => {} },
      },
    });
    const paint = () => {
      for (let i = 0; i < timers.length; i++) timers[i]!();
    };
    return {
      early: () => window[EARLY_REQUESTS] as Record<string, EarlyRequest> | undefined,
      fetched,
      paint,
    };
  }

  it('asks for what the screen asks first, with the headers the app sends, and leaves the answers for it', async () => {
    const { early: left, fetched } = open('/', signedIn);
    const early = left();
    const headers = {
      Accept: 'application/json',
      Authorization: 'Bearer token-1',
      'x-client-id': 'client-1',
      'x-session-id': 'd-device0001',
    };
    expect(fetched.map((f) => f.url)).toEqual(['/api/bookings?period=recent', '/api/locker-locations']);
    for (const { init } of fetched) expect(init).toEqual({ headers, credentials: 'same-origin' });
    // The app's own rule for its headers gives the same, so its client takes these answers.
    expect(JSON.parse(early?.['/api/locker-locations']?.headers ?? '')).toEqual(
      callHeaders({ accessToken: 'token-1', clientId: 'client-1' }, 'd-device0001'),
    );
    expect(await early?.['/api/locker-locations']?.response).toBe('answer to /api/locker-locations');
  });

  it('asks for nothing signed out, on a screen with nothing recorded, or on the sign-in screen', () => {
    expect(open('/dashboard', {}).fetched).toEqual([]);
    expect(open('/dashboard', {}).early()).toBeUndefined();
    expect(open('/Grab&Go', signedIn).fetched).toEqual([]);
    expect(open('/login', signedIn).fetched).toEqual([]);
  });

  it('asks for what a screen needs beyond its copy only when it holds what the copy does not', () => {
    expect(open('/MyCart', signedIn).fetched.map((f) => f.url)).toEqual(['/api/x']);
    expect(open('/MyCart', { ...signedIn, cart: '{"items":[1]}' }).fetched.map((f) => f.url)).toEqual([
      '/api/x',
      '/api/addresses',
    ]);
    expect(open('/MyCart', { cart: '{"items":[1]}' }).fetched).toEqual([]);
  });

  it('asks only once the copy of the screen has been painted, so the copy waits for none of them', () => {
    const page = open('/dashboard', signedIn, true);
    expect(page.fetched).toEqual([]);
    page.paint();
    expect(page.fetched.map((f) => f.url)).toEqual(['/api/bookings?period=recent', '/api/locker-locations']);
  });
});
