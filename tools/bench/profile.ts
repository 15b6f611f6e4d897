import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from '../e2e/harness.ts';
import { newShopper, storeSession } from '../e2e/shopper.ts';
import { CLOSED_CART, closedCartStorage, shutNightShop } from './first-screen-setup.ts';

/**
 * Where a first screen's main thread goes: V8's sampling profile of a first visit (new profile, CPU
 * four times slower, as Lighthouse's mobile audit runs it) until the network is idle, summed by
 * function and by script, heaviest first. It is how the work behind a first screen's blocking time
 * and render delay is found (docs/performance.md#lighthouse). Needs `npm run build`.
 *
 *   node --import tsx tools/bench/profile.ts [--pages /login,/MyCart@closed] [--top 25]
 */

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: `/login,/dashboard,${CLOSED_CART}` },
    top: { type: 'string', default: '25' },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) per key, from the samples: each sample's delta is the time its leaf was running. */
function selfTimes(profile: Profile, key: (node: ProfileNode) => string): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (!node) return;
    const k = key(node);
    times.set(k, (times.get(k) ?? 0) + next / 1000);
  });
  return times;
}

const shortUrl = (url: string) => (url ? new URL(url).pathname : '(native)');

function print(title: string, times: Map<string, number>, top: number): void {
  // Idle is waiting, not work; (program) stays: it is the browser's own (style, layout, parsing).
  const rows = [...times].filter(([k]) => !k.startsWith('(idle)'));
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`  ${title}`);
  for (const [k, ms] of rows.slice(0, top)) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${k}`);
}

async function main() {
  const server = await startServer({ name: 'profile' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const shopper = await newShopper(server.baseUrl, 'Profile');
    const pages = values.pages.split(',');
    if (pages.includes(CLOSED_CART)) await shutNightShop(server.baseUrl);
    for (const path of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const page = await context.newPage();
      if (path !== '/login') {
        const stored = path === CLOSED_CART ? await closedCartStorage(server.baseUrl) : {};
        await page.goto(`${server.baseUrl}/api/health/live`);
        await page.evaluate(storeSession, shopper);
        await page.evaluate((items) => {
          for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
        }, stored);
      }
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${server.baseUrl}${path === CLOSED_CART ? '/MyCart' : path}`);
      await page.waitForLoadState('networkidle');
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      const top = Number(values.top);
      const total = profile.timeDeltas.reduce((a, b) => a + b, 0) / 1000;
      const busy = [...selfTimes(profile, (n) => n.callFrame.functionName || '(anonymous)')]
        .filter(([k]) => k !== '(idle)')
        .reduce((a, [, ms]) => a + ms, 0);
      console.log(`\n${path}: ${busy.toFixed(0)} ms busy of ${total.toFixed(0)} ms profiled (CPU ×4)`);
      print(
        'by script',
        selfTimes(profile, (n) => shortUrl(n.callFrame.url)),
        top,
      );
      print(
        'by function',
        selfTimes(
          profile,
          (n) =>
            `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`,
        ),
        top,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
