import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { compiledServerArgs } from '../build/server-bundle.ts';

/**
 * The pieces every browser journey needs: a real Petti server on a free port with its own data folder,
 * Debian's Chromium (never a downloaded browser), a phone-sized context and screenshots.
 */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const resultsDir = join(repoRoot, 'test-results');
export const screensDir = join(resultsDir, 'screens');

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Without the background-networking flags Chromium keeps dialling Google on this closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A mid-range Android phone, as most of Petti's users have. */
export const mobileContextOptions: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-IN',
  timezoneId: 'Asia/Kolkata',
};

const SERVER_READY_TIMEOUT_MS = 60_000;
const SERVER_STOP_TIMEOUT_MS = 15_000;

export interface RunningServer {
  /** e.g. http://127.0.0.1:43121 (no trailing slash) */
  baseUrl: string;
  port: number;
  dataDir: string;
  logFile: string;
  /** How long start-up took, until /api/health said ok. */
  readyInMs: number;
  /** Whether the server process is still alive. */
  readonly running: boolean;
  /** SIGTERM, then SIGKILL if it has not exited after 15 s; removes the data folder. Safe to call twice. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Names the log file: test-results/server-<name>.log. */
  name?: string;
  /** Extra environment for the server, e.g. { SEED_DEMO: 'false' }. */
  env?: Record<string, string>;
  /** Keep the data folder after stop (also with E2E_KEEP_DATA=1). */
  keepData?: boolean;
}

const liveServers = new Set<ChildProcess>();

// A crash of the runner must not leave servers holding ports.
process.on('exit', () => {
  for (const child of liveServers) child.kill('SIGKILL');
});

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('could not find a free port'))));
    });
  });
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** AUTH_RESEND_SECONDS on every journey's server. */
const RESEND_SECONDS = 1;

/** Waits until a second code may be asked for the same number: a little more than RESEND_SECONDS. */
export async function pastResendWait(): Promise<void> {
  await delay(RESEND_SECONDS * 1_000 + 100);
}

/** Starts the compiled server (`npm run build` first) and resolves once /api/health says ok. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const t0 = Date.now();
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'petti-e2e-'));
  await mkdir(resultsDir, { recursive: true });
  const logFile = join(resultsDir, `server-${slug(options.name ?? 'main')}.log`);
  const log = createWriteStream(logFile);
  const tail: string[] = [];
  const record = (chunk: Buffer) => {
    log.write(chunk);
    tail.push(...chunk.toString().split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  };

  const child = spawn(process.execPath, compiledServerArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      MQTT_TCP_PORT: '0',
      LOG_LEVEL: 'warn',
      // Every shopper of every journey signs up from this one address: well past a real phone's hourly share.
      AUTH_IP_CODES_PER_HOUR: '1000',
      // The demo's shop takes 4 s a step; the journeys wait for each step to show, and CI has 30 minutes.
      SHOP_SIM_STEP_MS: '1000',
      // A second code for one number after 1 s, not 30: a journey signing one shopper in twice need not
      // wait (the 30 s rule itself is the server's tests' to check). See pastResendWait.
      AUTH_RESEND_SECONDS: String(RESEND_SECONDS),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveServers.add(child);
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  let exitCode: number | string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exitCode = code ?? signal ?? 'unknown';
      liveServers.delete(child);
      resolve();
    });
  });

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      if (exitCode === null) {
        child.kill('SIGTERM');
        const timer = delay(SERVER_STOP_TIMEOUT_MS).then(() => 'timeout' as const);
        if ((await Promise.race([exited, timer])) === 'timeout') {
          record(Buffer.from(`[e2e] server did not stop within ${SERVER_STOP_TIMEOUT_MS} ms: SIGKILL\n`));
          child.kill('SIGKILL');
          await exited;
        }
      }
      await new Promise<void>((resolve) => log.end(resolve));
      if (!options.keepData && !process.env.E2E_KEEP_DATA)
        await rm(dataDir, { recursive: true, force: true });
    })();
    return stopped;
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  for (;;) {
    if (exitCode !== null) {
      await stop();
      throw new Error(
        `the server exited (${exitCode}) before it was ready; see ${logFile}:\n${tail.join('\n')}`,
      );
    }
    if (await isHealthy(baseUrl)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the server was not ready within ${SERVER_READY_TIMEOUT_MS / 1000} s; see ${logFile}:\n${tail.join('\n')}`,
      );
    }
    await delay(250);
  }

  return {
    baseUrl,
    port,
    dataDir,
    logFile,
    readyInMs: Date.now() - t0,
    get running() {
      return exitCode === null;
    },
    stop,
  };
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    if (!res.ok) return false;
    const body = (await res.json()) as { status?: unknown };
    return body.status === 'ok';
  } catch {
    return false;
  }
}

/** Runs `fn` against a server of its own, stopping it afterwards whatever happens. */
export async function withServer<T>(
  fn: (server: RunningServer) => Promise<T>,
  options: ServerOptions = {},
): Promise<T> {
  const server = await startServer(options);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

export async function stopAllServers(): Promise<void> {
  for (const child of liveServers) child.kill('SIGTERM');
  await delay(liveServers.size ? 1_000 : 0);
  for (const child of liveServers) child.kill('SIGKILL');
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: install Debian's Chromium (apt-get install -y chromium fonts-noto-core). ` +
        'These tests never download a browser.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fresh phone-sized context: no cookies, storage or service worker from other journeys. */
/**
 * A browser of its own whose camera shows `video` (Chromium's fake camera plays a Y4M file, made by
 * barcode-video.ts), for journeys that scan.
 */
export async function launchWithCamera(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

export async function newMobileContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ ...mobileContextOptions, baseURL, ...options });
}

/** Saves test-results/screens/<name>.png (whole page) once web fonts have loaded; returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screensDir, { recursive: true });
  const path = join(screensDir, `${slug(name) || 'screen'}.png`);
  await page.evaluate(() => document.fonts.ready.then(() => undefined)).catch(() => undefined);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/** Waits until the page's path (query ignored) is `path`; the error names where it ended up instead. */
export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === path, { timeout, waitUntil: 'commit' });
  } catch {
    throw new Error(`expected to be on ${path}, but the page is at ${page.url()}`);
  }
}

/** Resolves with the service worker registration's scope once one is active, or fails after `timeout`. */
export async function serviceWorkerReady(
  page: Page,
  timeout = 20_000,
): Promise<{ scope: string; script: string }> {
  return page.evaluate(async (ms) => {
    if (!('serviceWorker' in navigator)) throw new Error('this page has no navigator.serviceWorker');
    const timer = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no service worker became ready within ${ms} ms`)), ms),
    );
    const registration = await Promise.race([navigator.serviceWorker.ready, timer]);
    return { scope: registration.scope, script: registration.active?.scriptURL ?? '' };
  }, timeout);
}

/**
 * The service worker ready and answering this page: the first visit installs it, so the page is
 * reloaded once if it is not yet in control; from then on the worker's caches answer.
 */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await serviceWorkerReady(page);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 10_000,
  });
}

/**
 * Resolves once the page's live connection has asked the broker for `topic` and the broker has
 * answered (MQTT SUBSCRIBE sent, SUBACK back), so an event published after it reaches the page. Call
 * it before the page opens the screen that listens.
 */
export function liveSubscribed(page: Page, topic: string, timeout = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the page did not listen to ${topic} in time`)), timeout);
    page.on('websocket', (socket) => {
      let asked = false;
      socket.on('framesent', ({ payload }) => {
        const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
        // SUBSCRIBE is packet type 8; the topic is in its payload as written.
        if (bytes[0] !== undefined && bytes[0] >> 4 === 8 && bytes.includes(Buffer.from(topic))) asked = true;
      });
      socket.on('framereceived', ({ payload }) => {
        const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
        // SUBACK is packet type 9, with a granted QoS (not 0x80, refused).
        if (asked && bytes[0] !== undefined && bytes[0] >> 4 === 9 && bytes.at(-1) !== 0x80) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
}
