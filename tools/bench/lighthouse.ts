import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort, startServer } from '../e2e/harness.ts';
import { existingShopper, newShopper, type Session, storeSession } from '../e2e/shopper.ts';
import { buildAnchor } from './anchor/build.ts';
import {
  CLOSED_CART,
  closedCartStorage,
  DEMO_PEOPLE,
  OPERATOR_CONSOLE,
  STAFF_BOARD,
  shutNightShop,
} from './first-screen-setup.ts';
import { LIGHTHOUSE_GOAL } from './goals.ts';
import { lighthouseKey, runBench, writeReport } from './report.ts';
import { browserClockScript, townClockEnv, townHourOffsetMs } from './town-clock.ts';

/**
 * Lighthouse's mobile performance audit (its defaults: a mid-range phone, slow 4G and a CPU four
 * times slower, simulated) of the first screens, each run a first visit in a new Chromium profile,
 * median of `--runs` (docs/performance.md#lighthouse). The signed-in screens get the session put in
 * local storage from a page that loads no app, so nothing is cached before the audit. Needs
 * `npm run build` and Debian's Chromium.
 *
 *   node --import tsx tools/bench/lighthouse.ts [--runs 5] [--hours 12:00,03:00] [--pages /login,…] [--save dir]
 *
 * `/MyCart@closed` is a cart of a shop shut now (first-screen-setup.ts); the shop's board is opened by
 * its staff and the locker console by an operator. Each hour is the town's, today: the server and
 * the browser run with their clocks set to it (town-clock.ts, Debian's `faketime`); `now` sets none.
 * At each hour a bare React 19 + React Router page (anchor/main.tsx), served by Petti's server as its
 * web app, is audited first: a slow machine or hour shows in its figures too, not as a regression.
 */

/** The anchor's key in the report. */
const ANCHOR = 'React anchor';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: {
      type: 'string',
      default: `/login,/dashboard,/MyCart,${CLOSED_CART},${STAFF_BOARD},${OPERATOR_CONSOLE}`,
    },
    hours: { type: 'string', default: '12:00,03:00' },
    // Each run's whole Lighthouse report, for finding where the time goes (the LCP element, long tasks).
    save: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const PAGES = values.pages.split(',');
const HOURS = values.hours.split(',');
const GOAL = LIGHTHOUSE_GOAL;

interface Audit {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Compressed JavaScript the page loaded (Lighthouse's resource summary). */
  scriptKb: number;
}

/** The hour a run is at: the server's environment for it and the browser's offset from now. */
interface Clock {
  env: Record<string, string>;
  offsetMs: number;
}

async function startChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'petti-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    // A phone in the town.
    { stdio: 'ignore', env: { ...process.env, TZ: 'Asia/Kolkata' } },
  );
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/json/version`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await delay(100);
  }
  return { port, child, profile };
}

/**
 * One audit that Lighthouse completed: a run it could not record (a `runtimeError` such as NO_NAVSTART,
 * scored 0) says nothing about the page, so it is run again, up to twice.
 */
async function completedAudit(
  baseUrl: string,
  path: string,
  session: Session | null,
  clock: Clock,
): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(baseUrl, path, session, clock);
    } catch (error) {
      if (!(error instanceof IncompleteRun) || attempt === 3) throw error;
      console.log(`  ${path}: ${error.message}; running it again`);
    }
  }
}

class IncompleteRun extends Error {}

async function audit(baseUrl: string, path: string, session: Session | null, clock: Clock): Promise<Audit> {
  const { port, child, profile } = await startChromium();
  // Connected through the audit: the page clock's script is added to every page while it is.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.addInitScript({ content: browserClockScript(clock.offsetMs) });
    // Same origin, no app: the session is stored and nothing of the app is cached.
    const page = await context.newPage();
    const answer = await page.goto(`${baseUrl}/api/health/live`);
    const serverNow = Date.parse((await answer?.allHeaders())?.date ?? '');
    const pageNow = await page.evaluate(() => Date.now());
    if (!(Math.abs(pageNow - serverNow) < 5000))
      throw new Error(
        `the page's clock (${new Date(pageNow).toISOString()}) is not the server's (${answer?.headers().date})`,
      );
    if (session) {
      const stored = path === CLOSED_CART ? await closedCartStorage(baseUrl) : {};
      await page.evaluate(storeSession, session);
      await page.evaluate((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, stored);
    }
    await page.close();
    const screen = path === CLOSED_CART ? '/MyCart' : path;
    const result = await lighthouse(`${baseUrl}${screen}`, {
      port,
      output: 'json',
      onlyCategories: ['performance'],
      // Keeps the stored session; the profile is new, so nothing else is there to keep.
      disableStorageReset: true,
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
    if (lhr.runtimeError)
      throw new IncompleteRun(`Lighthouse could not record the run (${lhr.runtimeError.code})`);
    if (values.save) {
      await mkdir(values.save, { recursive: true });
      const name = `${path.replace(/\W+/g, '') || 'root'}-${Date.now()}.json`;
      await writeFile(join(values.save, name), JSON.stringify(lhr));
    }
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
      fcpMs: Math.round(value('first-contentful-paint')),
      scriptKb: Math.round(scriptBytes(lhr.audits['resource-summary']?.details) / 1024),
    };
  } finally {
    await browser.close().catch(() => undefined);
    child.kill('SIGKILL');
    await rm(profile, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The script row of Lighthouse's resource summary: what was sent over the wire, compressed. */
function scriptBytes(details: unknown): number {
  const items = (details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)
    ?.items;
  return items?.find((i) => i.resourceType === 'script')?.transferSize ?? Number.NaN;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Who opens each screen: no one for the sign-in screen, the shop's staff for its board. */
async function sessions(baseUrl: string): Promise<(path: string) => Session | null> {
  const shopper = await newShopper(baseUrl, 'Lighthouse');
  const staff = PAGES.includes(STAFF_BOARD) ? await existingShopper(baseUrl, DEMO_PEOPLE.staff) : null;
  const operator = PAGES.includes(OPERATOR_CONSOLE)
    ? await existingShopper(baseUrl, DEMO_PEOPLE.operator)
    : null;
  return (path) =>
    path === '/login' ? null : path === STAFF_BOARD ? staff : path === OPERATOR_CONSOLE ? operator : shopper;
}

function summarise(runs: Audit[]): Audit {
  return {
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    scriptKb: median(runs.map((r) => r.scriptKb)),
  };
}

type Row = Audit & { hour: string; page: string; runs: Audit[]; anchorTbtMs?: number };

async function auditAll(
  baseUrl: string,
  page: string,
  hour: string,
  session: Session | null,
  clock: Clock,
  anchor?: Audit,
): Promise<Row> {
  const runs: Audit[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await completedAudit(baseUrl, page, session, clock));
  const m = summarise(runs);
  const beside = anchor ? `; TBT ${m.tbtMs} ms against the anchor's ${anchor.tbtMs} ms` : '';
  console.log(
    `  ${page} at ${hour}: score ${m.score} (goal ${GOAL.score}), LCP ${m.lcpMs} ms (${GOAL.lcpMs}), TBT ${m.tbtMs} ms (${GOAL.tbtMs}), CLS ${m.cls} (${GOAL.cls}), FCP ${m.fcpMs} ms, JS ${m.scriptKb} KB; scores ${runs.map((r) => r.score).join(', ')}${beside}`,
  );
  return { ...m, hour, page, runs, ...(anchor && { anchorTbtMs: anchor.tbtMs }) };
}

async function main() {
  const report: Record<string, Row> = {};
  const anchorDir = await mkdtemp(join(tmpdir(), 'petti-anchor-'));
  try {
    await buildAnchor(anchorDir);
    for (const hour of HOURS) {
      const now = Date.now();
      const clock: Clock = { env: townClockEnv(hour, now), offsetMs: townHourOffsetMs(hour, now) };
      const label = hour.replace(':', '');
      const anchorServer = await startServer({
        name: `lighthouse-anchor-${label}`,
        env: { ...clock.env, WEB_DIST: anchorDir },
      });
      let anchor: Row;
      try {
        anchor = await auditAll(anchorServer.baseUrl, '/', hour, null, clock);
        report[lighthouseKey(ANCHOR, hour)] = { ...anchor, page: ANCHOR };
      } finally {
        await anchorServer.stop();
      }
      const server = await startServer({ name: `lighthouse-${label}`, env: clock.env });
      try {
        const who = await sessions(server.baseUrl);
        if (PAGES.includes(CLOSED_CART)) await shutNightShop(server.baseUrl);
        for (const path of PAGES)
          report[lighthouseKey(path, hour)] = await auditAll(
            server.baseUrl,
            path,
            hour,
            who(path),
            clock,
            anchor,
          );
      } finally {
        await server.stop();
      }
    }
  } finally {
    await rm(anchorDir, { recursive: true, force: true });
  }
  await writeReport('lighthouse', { at: new Date().toISOString(), runs: RUNS, goal: GOAL, pages: report });
}

runBench(main);
