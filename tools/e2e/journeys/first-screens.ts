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
  '/login': { now: 215, goal: 120 },
  '/dashboard': { now: 365, goal: 170 },
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
];
