import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { type Journey, journey } from '../runner.ts';
import { newShopper, type Session, storeSession } from '../shopper.ts';

/**
 * The JavaScript a first screen makes a phone download, compressed as it travels (docs/performance.md):
 * measured on a first visit (empty cache, no service worker yet) until the network is idle. `now` is
 * the budget this check holds today, a little above the measured size so nothing grows unnoticed;
 * `goal` is where the performance work is taking it.
 */
export const FIRST_SCREEN_JS_KB = {
  '/login': { now: 110, goal: 120 },
  '/dashboard': { now: 130, goal: 170 },
} as const;

async function scriptBytes(browser: Browser, baseUrl: string, path: string, session?: Session) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 360, height: 740 } });
  try {
    if (session) await context.addInitScript(storeSession, session);
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, { url: string; bytes: number }>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, bytes: 0 });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = scripts.get(e.requestId);
      if (s) s.bytes = e.encodedDataLength;
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((n, s) => n + s.bytes, 0);
    return { kb: Math.round(total / 1024), files: scripts.size };
  } finally {
    await context.close();
  }
}

/** Layout shift a first screen may show while its data arrives (CLS, as Lighthouse counts it). */
export const MAX_LAYOUT_SHIFT = 0.05;

/**
 * The layout shift of a first visit to `path` on a slow phone (4G-like network, CPU four times
 * slower), so the data arrives after the first paint as it does for shoppers: every shift without
 * recent input, added up, and what moved in the biggest one.
 */
async function layoutShift(
  browser: Browser,
  baseUrl: string,
  path: string,
  session: Session | undefined,
  language: 'en' | 'ta',
) {
  // No service worker: its precache would share the slow line with the screen being measured.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  try {
    if (session) await context.addInitScript(storeSession, session);
    await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await context.addInitScript(() => {
      const w = window as unknown as { __shift: { total: number; worst: number; moved: string[] } };
      w.__shift = { total: 0, worst: 0, moved: [] };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Array<{
          value: number;
          hadRecentInput: boolean;
          sources: Array<{ node?: Node | null }>;
        }>) {
          if (e.hadRecentInput) continue;
          w.__shift.total += e.value;
          if (e.value > w.__shift.worst) {
            w.__shift.worst = e.value;
            w.__shift.moved = e.sources.map((s) => (s.node as Element | null)?.outerHTML.slice(0, 80) ?? '?');
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 1_600_000 / 8,
      uploadThroughput: 750_000 / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Late pieces (a map's tiles, a lazily loaded part) still count.
    await page.waitForTimeout(1500);
    return await page.evaluate(
      () => (window as unknown as { __shift: { total: number; worst: number; moved: string[] } }).__shift,
    );
  } finally {
    await context.close();
  }
}

export const firstScreenJourneys: Journey[] = [
  journey(
    'The first screens stay within their JavaScript budgets on a first visit',
    async ({ browser, baseUrl }) => {
      const shopper = await newShopper(baseUrl, 'Budget Check');
      const over: string[] = [];
      for (const [path, budget] of Object.entries(FIRST_SCREEN_JS_KB)) {
        const { kb, files } = await scriptBytes(
          browser,
          baseUrl,
          path,
          path === '/login' ? undefined : shopper,
        );
        console.log(
          `      ${path}: ${kb} KB of JavaScript in ${files} files (budget ${budget.now} KB, goal ${budget.goal} KB)`,
        );
        assert.ok(kb > 20, `${path}: measured only ${kb} KB: the measurement is broken`);
        if (kb > budget.now) over.push(`${path}: ${kb} KB > ${budget.now} KB`);
      }
      assert.deepEqual(over, [], 'first screens over their JavaScript budget');
    },
  ),
  journey(
    'The first screens do not move once drawn while their data arrives on a slow phone',
    async ({ browser, baseUrl }) => {
      const shopper = await newShopper(baseUrl, 'Shift Check');
      const moved: string[] = [];
      // Tamil words run longer: the dashboard's held room must fit them too.
      const screens = [
        ['/login', 'en'],
        ['/dashboard', 'en'],
        ['/MyCart', 'en'],
        ['/dashboard', 'ta'],
      ] as const;
      for (const [path, language] of screens) {
        const shift = await layoutShift(
          browser,
          baseUrl,
          path,
          path === '/login' ? undefined : shopper,
          language,
        );
        console.log(
          `      ${path} (${language}): layout shift ${shift.total.toFixed(3)} (at most ${MAX_LAYOUT_SHIFT})`,
        );
        if (shift.total > MAX_LAYOUT_SHIFT)
          moved.push(
            `${path} (${language}): ${shift.total.toFixed(3)}, most by moving ${shift.moved.join(' | ')}`,
          );
      }
      assert.deepEqual(moved, [], 'first screens that move as their data arrives');
    },
  ),
];
