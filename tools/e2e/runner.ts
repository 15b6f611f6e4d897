import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import {
  launchBrowser,
  newMobileContext,
  type RunningServer,
  screensDir,
  screenshot,
  slug,
  startServer,
  stopAllServers,
} from './harness.ts';
import { startTileServer } from './tile-server.ts';

/** What a journey gets: a fresh phone-sized context with one open page, on a running server. */
export interface JourneyContext {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  server: RunningServer;
  /** The server's address; `page.goto('/login')` already resolves against it. */
  baseUrl: string;
  /** Saves test-results/screens/<name>.png. */
  screenshot(name: string): Promise<string>;
}

export interface JourneyOptions {
  /** A server of its own with a fresh data folder, e.g. because the journey stops or changes it. */
  ownServer?: boolean;
  /** Settings for that server of its own (e.g. a site found offline sooner). */
  env?: Record<string, string>;
  /** Extra options for the browser context (merged over the phone defaults). */
  context?: BrowserContextOptions;
  /** Default 90 s. */
  timeoutMs?: number;
}

export interface Journey extends JourneyOptions {
  /** A sentence saying what a person can do, e.g. 'Visitors land on the sign-in page'. */
  name: string;
  run(t: JourneyContext): Promise<void>;
}

export function journey(name: string, run: Journey['run'], options: JourneyOptions = {}): Journey {
  return { name, run, ...options };
}

export interface RunResult {
  passed: number;
  failed: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const indent = (text: string) => text.replace(/^/gm, '      ');

/**
 * Runs journeys one after another in one browser. Journeys share one server unless they ask for their
 * own; each gets a new context. A failure prints the error and saves FAILED-<journey>.png.
 */
export async function runJourneys(all: Journey[], options: { filter?: string } = {}): Promise<RunResult> {
  const filter = options.filter?.toLowerCase();
  const journeys = filter ? all.filter((j) => j.name.toLowerCase().includes(filter)) : all;
  const result: RunResult = { passed: 0, failed: 0 };
  const started = performance.now();
  if (journeys.length === 0) {
    console.log(`No journey matches "${options.filter ?? ''}".`);
    return result;
  }
  // A full run starts with no screenshots, so none is left over from an older run.
  if (!filter) await rm(screensDir, { recursive: true, force: true });

  const onSignal = (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: stopping servers`);
    void stopAllServers().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  // Every server the journeys start draws its maps with tiles from a local tile server.
  const tiles = await startTileServer();
  process.env.MAP_TILE_URL ??= tiles.template;

  let shared: Promise<RunningServer> | undefined;
  const sharedServer = () => {
    shared ??= startServer({ name: 'main' }).then((server) => {
      console.log(`  (server ready at ${server.baseUrl} in ${seconds(server.readyInMs)})`);
      return server;
    });
    return shared;
  };
  let browser: Browser | undefined;
  let browserError: unknown;
  try {
    browser = await launchBrowser();
  } catch (err) {
    browserError = err;
  }

  console.log(`Running ${journeys.length} browser journeys\n`);
  for (const j of journeys) {
    const t0 = performance.now();
    let own: RunningServer | undefined;
    let context: BrowserContext | undefined;
    let page: Page | undefined;
    const pageErrors: string[] = [];
    try {
      if (!browser) throw browserError;
      if (j.ownServer) own = await startServer({ name: j.name, env: j.env });
      const server = own ?? (await sharedServer());
      context = await newMobileContext(browser, server.baseUrl, j.context);
      const p = await context.newPage();
      page = p;
      p.setDefaultTimeout(15_000);
      p.setDefaultNavigationTimeout(30_000);
      p.on('pageerror', (err) => pageErrors.push(`uncaught: ${err.message}`));
      p.on('console', (msg) => {
        if (msg.type() === 'error') pageErrors.push(`console.error: ${msg.text()}`);
      });
      const t: JourneyContext = {
        browser,
        context,
        page: p,
        server,
        baseUrl: server.baseUrl,
        screenshot: (name) => screenshot(p, name),
      };
      await withTimeout(j.run(t), j.timeoutMs ?? 90_000, j.name);
      result.passed++;
      console.log(`  ✓ ${j.name} (${seconds(performance.now() - t0)})`);
    } catch (err) {
      result.failed++;
      console.log(`  ✗ ${j.name} (${seconds(performance.now() - t0)})`);
      console.log(indent(err instanceof Error ? (err.stack ?? err.message) : String(err)));
      if (page) {
        console.log(`      at ${page.url()}`);
        const shot = await screenshot(page, `FAILED-${slug(j.name)}`).catch(() => undefined);
        if (shot) console.log(`      screenshot: ${shot}`);
      }
      if (pageErrors.length) console.log(indent(`errors in the page:\n${pageErrors.slice(-10).join('\n')}`));
    } finally {
      await context?.close().catch(() => undefined);
      await own?.stop();
    }
  }

  await browser?.close().catch(() => undefined);
  if (shared) await (await shared.catch(() => undefined))?.stop();
  await tiles.close();
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  console.log(`\nBrowser journeys took ${seconds(performance.now() - started)}`);
  return result;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // The journey keeps running after a timeout until its context closes; its late rejection is not news.
  promise.catch(() => undefined);
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`"${name}" did not finish within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
