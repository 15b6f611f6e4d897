import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, mobileContextOptions, startServer } from '../e2e/harness.ts';
import { newShopper, storeSession } from '../e2e/shopper.ts';
import { INP_GOAL_MS } from './goals.ts';
import { runBench, writeReport } from './report.ts';

/**
 * Interaction to Next Paint of two taps people make all day (docs/performance.md#interactions):
 * adding products to the cart from a shop's page, and turning an alert on and off in Settings. A
 * phone-sized page with the CPU four times slower (Chromium's own throttling, as Lighthouse's
 * mobile audit assumes); each tap's time is what the browser's Event Timing API reports for it
 * (from the tap to the next frame painted after its handlers and React's render), and a scenario's
 * INP is its slowest tap, as Chrome reports INP for a page with fewer than fifty interactions. Needs
 * `npm run build` and Debian's Chromium.
 *
 *   node --import tsx tools/bench/inp.ts [--taps 6] [--rounds 5]
 */
const { values } = parseArgs({
  options: {
    taps: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '5' },
  },
});
const TAPS = Number(values.taps);
const ROUNDS = Number(values.rounds);
const SELLER = 'sri-murugan-stores';

/** Set before the page's own scripts: every interaction's longest event, by interaction id. */
function observeInteractions() {
  const w = window as unknown as { __interactions: Map<number, number> };
  w.__interactions = new Map();
  new PerformanceObserver((list) => {
    // `interactionId` is newer than the DOM types this package is checked against.
    for (const entry of list.getEntries() as Array<PerformanceEntry & { interactionId?: number }>) {
      if (!entry.interactionId) continue;
      const before = w.__interactions.get(entry.interactionId) ?? 0;
      w.__interactions.set(entry.interactionId, Math.max(before, entry.duration));
    }
    // 16 ms is the smallest threshold the API takes; shorter interactions count as 16.
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

async function interactions(page: Page): Promise<number[]> {
  // Event Timing entries are delivered after the frame that ends them: give the last tap that frame.
  await page.waitForTimeout(500);
  return page.evaluate(() => [
    ...(window as unknown as { __interactions: Map<number, number> }).__interactions.values(),
  ]);
}

async function addToCart(page: Page): Promise<number[]> {
  await page.goto(`/Search/${SELLER}`);
  await page.getByTestId('product-list').waitFor();
  const adds = page.locator('[data-testid^="add-"]');
  await adds.nth(TAPS - 1).waitFor();
  await page.waitForTimeout(1_000); // the page's own start-up work is not a tap's
  const before = (await interactions(page)).length;
  for (let i = 0; i < TAPS; i++) {
    // Each "Add" turns into a stepper once tapped, so the next "Add" is the next product's.
    await adds.first().click();
    await page.waitForTimeout(300);
  }
  return (await interactions(page)).slice(before);
}

async function toggleAlert(page: Page): Promise<number[]> {
  await page.goto('/settings');
  const refund = page.getByTestId('alert-refund');
  await refund.waitFor();
  await page.waitForTimeout(1_000);
  const before = (await interactions(page)).length;
  for (let i = 0; i < TAPS; i++) {
    // The save's answer redraws the switch too: wait for it, so the next tap does not overlap it.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/push/preferences') && r.request().method() === 'PUT',
    );
    await refund.click();
    await saved;
    await page.waitForTimeout(300);
  }
  return (await interactions(page)).slice(before);
}

const SCENARIOS = { 'add to cart': addToCart, 'toggle an alert': toggleAlert } as const;

async function main() {
  const server = await startServer({ name: 'inp' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const report: Record<string, { inpMs: number; rounds: number[]; taps: number[][] }> = {};
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      const rounds: number[] = [];
      const taps: number[][] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A new shopper each round: an empty cart, every alert on.
        const shopper = await newShopper(server.baseUrl, 'Interaction Check');
        const context = await browser.newContext({ ...mobileContextOptions, baseURL: server.baseUrl });
        try {
          await context.addInitScript(storeSession, shopper);
          await context.addInitScript(observeInteractions);
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          const times = (await scenario(page)).map(Math.round);
          if (times.length < TAPS) throw new Error(`${name}: ${times.length} of ${TAPS} taps were timed`);
          taps.push(times);
          rounds.push(Math.max(...times));
        } finally {
          await context.close();
        }
      }
      const inpMs = [...rounds].sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!;
      report[name] = { inpMs, rounds, taps };
      console.log(`  ${name}: taps ${taps.map((t) => t.join('/')).join(', ')} ms`);
      console.log(
        `  ${name}: INP ${inpMs} ms (goal ${INP_GOAL_MS} ms), median of ${ROUNDS} rounds of ${TAPS} taps; rounds ${rounds.join(', ')} ms`,
      );
    }
    await writeReport('inp', {
      at: new Date().toISOString(),
      cpuSlowdown: 4,
      goalMs: INP_GOAL_MS,
      scenarios: report,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

runBench(main);
