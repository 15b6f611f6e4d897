import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { STORAGE_KEYS } from '@petti/shared/constants';
import { addToCart, type CartProduct, emptyCart } from '@petti/shared/rules/cart';
import type { Product, Seller } from '@petti/shared/schemas/catalog';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { knownShopKey, rememberShop } from '../../apps/web/src/lib/shop/known-shop.ts';
import { memoryStorage } from '../../apps/web/src/lib/storage.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort, startServer } from '../e2e/harness.ts';
import { asOps, newShopper, type Session, storeSession } from '../e2e/shopper.ts';
import { LIGHTHOUSE_GOAL } from './goals.ts';
import { runBench, writeReport } from './report.ts';

/**
 * Lighthouse's mobile performance audit (its defaults: a mid-range phone, slow 4G and a CPU four
 * times slower, simulated) of the first screens, each run a first visit in a new Chromium profile,
 * median of `--runs` (docs/performance.md#lighthouse). The signed-in screens get the session put in
 * local storage from a page that loads no app, so nothing is cached before the audit. Needs
 * `npm run build` and Debian's Chromium.
 *
 *   node --import tsx tools/bench/lighthouse.ts [--runs 5] [--pages /login,/dashboard,/MyCart,/MyCart@closed] [--save dir]
 *
 * `/MyCart@closed` is the cart holding two packs of a shop that is shut now (night ordering: "closed
 * now, order for when it opens"), put in local storage with the shop as the app last read it
 * (lib/shop/known-shop.ts), as a shopper who filled it on the product page has it.
 */

/** The cart of a shut shop (see above): its screen is `/MyCart`. */
const CLOSED_CART = '/MyCart@closed';
const NIGHT_SHOP = {
  id: 'ganesh-hot-chips',
  product: 'ganesh-banana-chips',
  variant: 'ganesh-banana-chips-250g',
};
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: `/login,/dashboard,/MyCart,${CLOSED_CART}` },
    // Each run's whole Lighthouse report, for finding where the time goes (the LCP element, long tasks).
    save: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const PAGES = values.pages.split(',');
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

async function startChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'petti-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
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
async function completedAudit(baseUrl: string, path: string, session: Session | null): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(baseUrl, path, session);
    } catch (error) {
      if (!(error instanceof IncompleteRun) || attempt === 3) throw error;
      console.log(`  ${path}: ${error.message}; running it again`);
    }
  }
}

class IncompleteRun extends Error {}

async function audit(baseUrl: string, path: string, session: Session | null): Promise<Audit> {
  const { port, child, profile } = await startChromium();
  try {
    if (session) {
      const stored = path === CLOSED_CART ? await closedCartStorage(baseUrl) : {};
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const page = await browser.contexts()[0]!.newPage();
      // Same origin, no app: the session is stored and nothing of the app is cached.
      await page.goto(`${baseUrl}/api/health/live`);
      await page.evaluate(storeSession, session);
      await page.evaluate((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, stored);
      await page.close();
      await browser.close();
    }
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

/**
 * Local storage of a phone that filled a cart at the night shop from its product page: the cart
 * (the shared cart rule's own) and the shop as the app last read it.
 */
async function closedCartStorage(baseUrl: string): Promise<Record<string, string>> {
  const read = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const { seller } = await read<{ seller: Seller }>(`/api/sellers/${NIGHT_SHOP.id}`);
  const answer = await read<{ product: Product } | Product>(`/api/products/${NIGHT_SHOP.product}`);
  const product = 'product' in answer ? answer.product : answer;
  const v = product.variants.find((x) => x.vrntId === NIGHT_SHOP.variant)!;
  const pack: CartProduct = {
    unitValue: v.unitValue,
    name: product.name,
    image_url: product.image_url,
    unit: v.unit,
    slrId: product.sellerId,
    prdtId: product.id,
    vrntId: v.vrntId,
    tciId: product.categoryId,
    productPrice: v.productPrice,
    marketPrice: v.marketPrice,
    inventory: v.inventory,
    alwaysInventory: v.alwaysInventory,
  };
  let cart = emptyCart();
  for (let i = 0; i < 2; i++) cart = addToCart(cart, pack, seller.brandName).cart;
  const kept = memoryStorage();
  rememberShop(kept, seller);
  const key = knownShopKey(seller.id);
  return { [STORAGE_KEYS.cart]: JSON.stringify(cart), [key]: kept.getItem(key)! };
}

/** Shuts the night shop for the next hours (it opens two hours from now) on the bench's own server. */
async function shutNightShop(baseUrl: string): Promise<void> {
  const ist = new Date(Date.now() + 330 * 60_000);
  const hhmm = (h: number) => `${String((ist.getUTCHours() + h) % 24).padStart(2, '0')}:00`;
  const hours = { open: hhmm(2), close: hhmm(3) === '00:00' ? '24:00' : hhmm(3) };
  const res = await asOps(baseUrl, 'PUT', `/ops/sellers/${NIGHT_SHOP.id}/hours`, hours);
  if (!res.ok) throw new Error(`PUT hours of ${NIGHT_SHOP.id}: ${res.status}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const server = await startServer({ name: 'lighthouse' });
  try {
    const shopper = await newShopper(server.baseUrl, 'Lighthouse');
    const report: Record<string, Audit & { runs: Audit[] }> = {};
    if (PAGES.includes(CLOSED_CART)) await shutNightShop(server.baseUrl);
    for (const path of PAGES) {
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await completedAudit(server.baseUrl, path, path === '/login' ? null : shopper));
      const m: Audit = {
        score: median(runs.map((r) => r.score)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        scriptKb: median(runs.map((r) => r.scriptKb)),
      };
      report[path] = { ...m, runs };
      console.log(
        `  ${path}: score ${m.score} (goal ${GOAL.score}), LCP ${m.lcpMs} ms (${GOAL.lcpMs}), TBT ${m.tbtMs} ms (${GOAL.tbtMs}), CLS ${m.cls} (${GOAL.cls}), FCP ${m.fcpMs} ms, JS ${m.scriptKb} KB; scores ${runs.map((r) => r.score).join(', ')}`,
      );
    }
    await writeReport('lighthouse', { at: new Date().toISOString(), runs: RUNS, goal: GOAL, pages: report });
  } finally {
    await server.stop();
  }
}

runBench(main);
