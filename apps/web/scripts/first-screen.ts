import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { Window } from 'happy-dom';
import { createServer } from 'vite';
import { populateGlobal } from 'vitest/runtime';

/** The child process's script, and how it is told what to draw. */
const CHILD = fileURLToPath(new URL('./first-screen-child.ts', import.meta.url));
export const OPTIONS_VARIABLE = 'PETTI_FIRST_SCREEN';

/** The module that draws a screen, and its function (src/app/first-screen-markup.tsx). */
const RENDERER = '/src/app/first-screen-markup.tsx';

/** One screen to draw. */
export interface FirstScreen {
  /** The address to draw, e.g. `/login`. */
  path: string;
  /** A CSS selector that is in the screen once it is drawn. */
  ready: string;
  /** Drawn for someone signed in (before their data has come), or signed out. */
  signedIn: boolean;
}

export interface FirstScreenOptions {
  /** The web app's folder (where `src/` is). */
  root: string;
  screens: FirstScreen[];
  languages: readonly string[];
}

/** The made-up user a signed-in screen is drawn for. */
export const FIRST_SCREEN_USER = 'first-screen';

/** What drawing the screens gave. */
export interface FirstScreens {
  /** Each screen's markup by path, then by language. */
  markup: Record<string, Record<string, string>>;
  /**
   * Each screen's first requests by path: the API addresses the app asked for (GET) as it drew it,
   * in any language, except any naming the made-up user.
   */
  requests: Record<string, string[]>;
}

/**
 * The app's own screens, drawn at build time in each language: the app's modules run through Vite's
 * server-side loader, React DOM's server renderer writes each screen's markup, and the screen is then
 * drawn once more in a simulated DOM (happy-dom, as the component tests use) to note the API reads it
 * starts. No hand-written copy of a screen to drift from the app
 * (docs/performance.md#first-screens-before-any-script). The simulated DOM's globals are there for
 * both: the app reads its session and language from local storage as it draws.
 *
 * It runs in a process of its own (./first-screen-child.ts): the simulated DOM's globals and the app's
 * timers stay out of the build's process. The answer comes over the IPC channel, so whatever the app
 * writes to the console cannot spoil it.
 */
export function renderFirstScreens(options: FirstScreenOptions): Promise<FirstScreens> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: options.root,
      env: { ...process.env, [OPTIONS_VARIABLE]: JSON.stringify(options) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let drawn: FirstScreens | null = null;
    child.once('message', (message) => {
      drawn = message as FirstScreens;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0 && drawn) resolve(drawn);
      else reject(new Error(`first-screen: drawing the screens failed (exit code ${code})`));
    });
  });
}

/** Draws the screens in this process (the child's part); the caller's globals become a DOM's. */
export async function drawHere(options: FirstScreenOptions): Promise<FirstScreens> {
  const server = await createServer({
    configFile: false,
    root: options.root,
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  });
  // A phone-sized window, its DOM's names (document, localStorage, …) made global the way Vitest's
  // happy-dom environment makes them; Node's own timers stay. Each screen's address is its router's.
  const window = new Window({ url: 'http://localhost/', width: 412, height: 823 });
  populateGlobal(globalThis, window, { bindFunctions: true });
  // No request is ever answered and no socket ever opens: what waits for data or for live updates
  // shows what it shows while waiting. The API's GETs are noted, by the screen being drawn.
  let asked = new Set<string>();
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET') === 'GET' && url.startsWith('/api/') && !url.includes(FIRST_SCREEN_USER))
      asked.add(url);
    return new Promise<never>(() => {});
  };
  globalThis.WebSocket = class {
    readyState = 0;
    send() {}
    close() {}
    addEventListener() {}
    removeEventListener() {}
  } as unknown as typeof WebSocket;
  try {
    type Draw<T> = (path: string, language: string, ready: string, user: string | null) => Promise<T>;
    const { renderFirstScreen, drawFirstScreen } = (await server.ssrLoadModule(RENDERER)) as {
      renderFirstScreen: Draw<string>;
      drawFirstScreen: Draw<void>;
    };
    const screens: FirstScreens = { markup: {}, requests: {} };
    for (const { path, ready, signedIn } of options.screens) {
      const user = signedIn ? FIRST_SCREEN_USER : null;
      const markup: Record<string, string> = {};
      for (const language of options.languages)
        markup[language] = asCopy(await renderFirstScreen(path, language, ready, user));
      screens.markup[path] = markup;
      asked = new Set();
      await drawFirstScreen(path, options.languages[0]!, ready, user);
      screens.requests[path] = [...asked].sort();
    }
    return screens;
  } finally {
    await server.close();
  }
}

/**
 * The markup as a picture of the screen: the tests' handles (`data-testid`) come off, so a test
 * finds the app's own elements, never the copy that stands in for them until the app is up.
 */
export function asCopy(markup: string): string {
  return markup.replace(/ data-testid="[^"]*"/g, '');
}
