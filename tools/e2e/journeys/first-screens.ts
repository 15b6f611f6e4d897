import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { addFromProductPage } from '../shop-steps.ts';
import {
  existingShopper,
  newShopper,
  openAllDay,
  type Session,
  shutUntilLater,
  storeSession,
} from '../shopper.ts';
import { expectVisibleText } from '../visible.ts';

/**
 * The JavaScript a first screen makes a phone download, compressed as it travels (docs/performance.md):
 * measured on a first visit (empty cache, no service worker yet) until the network is idle. `now` is
 * the budget this check holds today, a little above the measured size so nothing grows unnoticed;
 * `goal` is where the performance work is taking it. `files` caps how many scripts it takes: on a
 * slow line each is a round trip (docs/performance.md#first-screen-files).
 */
export const FIRST_SCREEN_JS_KB = {
  '/login': { now: 140, goal: 130, files: 10 },
  '/dashboard': { now: 159, goal: 150, files: 13 },
  '/MyCart': { now: 158, goal: 150, files: 14 },
  '/shop/sri-murugan-stores': { now: 162, goal: 150, files: 16 },
  '/operator/lockers': { now: 157, goal: 150, files: 15 },
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
    const heaviest = [...scripts.values()]
      .sort((a, b) => b.bytes - a.bytes)
      .map((s) => `${new URL(s.url).pathname} ${(s.bytes / 1024).toFixed(1)} KB`);
    const urls = [...scripts.values()].map((s) => s.url);
    return { kb: Math.round(total / 1024), files: scripts.size, heaviest, urls };
  } finally {
    await context.close();
  }
}

/** Layout shift a first screen may show while its data arrives (CLS, as Lighthouse counts it). */
export const MAX_LAYOUT_SHIFT = 0.02;

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
  /** What the phone did before, at full speed (filling a cart from a product page). */
  prepare?: (page: Page) => Promise<void>,
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
    if (prepare) await prepare(page);
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

/** The app's own script: held back to see what the page shows before any script has arrived. */
const ENTRY_SCRIPT = /\/assets\/index-[^/]+\.js$/;

/**
 * Opens `path` with the app's script held back, checks `#boot` then holds that screen's copy (or only
 * the splash, `copy: false`) with `lead` readable in it, then lets the script through and checks the
 * app's own screen has taken the copy's place.
 */
async function beforeAnyScript(
  browser: Browser,
  baseUrl: string,
  screen: {
    path: string;
    page: string;
    lead: string;
    language: 'en' | 'ta';
    session?: Session;
    stored?: Record<string, string>;
    copy: boolean;
    /**
     * The screen's data the page asks for itself, before the app's code has arrived
     * (docs/performance.md#early-requests), and a test id shown once the app has drawn it.
     */
    early?: { urls: string[]; shown: string };
  },
) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  try {
    if (screen.session) await context.addInitScript(storeSession, screen.session);
    await context.addInitScript(
      (items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      },
      { language: screen.language, ...screen.stored },
    );
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(ENTRY_SCRIPT, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(screen.path, { waitUntil: 'domcontentloaded' });
    const boot = page.locator('#boot');
    if (screen.copy) {
      await expectVisibleText(boot.locator('.page__lead'), screen.lead);
      assert.equal(await page.evaluate(() => document.documentElement.lang), screen.language);
      await screenshot(page, `before-script-${screen.page.toLowerCase()}-${screen.language}`);
    } else {
      await expectVisibleText(boot, 'Petti');
      assert.equal(await boot.locator('.page__lead').count(), 0, `${screen.path}: a copy was used`);
    }
    if (screen.early) {
      const { urls } = screen.early;
      const deadline = Date.now() + 10_000;
      while (!urls.every((url) => asked.includes(url))) {
        assert.ok(Date.now() < deadline, `${screen.path}: asked early only for ${asked.join(', ')}`);
        await page.waitForTimeout(50);
      }
    }
    release();
    await expectVisibleText(page.getByTestId(`page-${screen.page}`).locator('.page__lead'), screen.lead);
    if (screen.early) {
      await page.getByTestId(screen.early.shown).waitFor({ state: 'visible' });
      // The app took the page's answers instead of asking again.
      for (const url of screen.early.urls)
        assert.equal(
          asked.filter((a) => a === url).length,
          1,
          `${screen.path}: ${url} was asked more than once`,
        );
    }
    assert.equal(await boot.count(), 0, `${screen.path}: the copy stayed after the app drew its screen`);
    const shown = page.getByText(screen.lead).filter({ visible: true });
    assert.equal(
      await shown.count(),
      1,
      `${screen.path}: the lead shows twice: ${(await shown.evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 120)))).join(' | ')}`,
    );
  } finally {
    await context.close();
  }
}

/** The app's code cannot be fetched: the copy, which cannot be used, gives way to the splash. */
async function whenTheScriptFails(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.route(ENTRY_SCRIPT, (route) => route.abort());
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const boot = page.locator('#boot');
    await expectVisibleText(boot, 'Petti');
    await page.waitForFunction(() => !document.querySelector('#boot .page__lead'));
    assert.equal(await boot.getAttribute('role'), 'status');
  } finally {
    await context.close();
  }
}

export const firstScreenJourneys: Journey[] = [
  journey(
    'A first visit shows its screen before any script has arrived, and the app takes its place',
    async ({ browser, baseUrl }) => {
      const shopper = await newShopper(baseUrl, 'Early Paint');
      await beforeAnyScript(browser, baseUrl, {
        path: '/login',
        page: 'login',
        lead: 'Sign in with your mobile number and a one-time code sent by SMS.',
        language: 'en',
        copy: true,
      });
      // Signed out on a signed-in page: the sign-in screen is what shows, in the phone's language.
      await beforeAnyScript(browser, baseUrl, {
        path: '/dashboard',
        page: 'login',
        lead: 'உங்கள் மொபைல் எண்ணும் SMS மூலம் அனுப்பப்படும் ஒருமுறைக் குறியீடும் கொண்டு உள்நுழையுங்கள்.',
        language: 'ta',
        copy: true,
      });
      await beforeAnyScript(browser, baseUrl, {
        path: '/dashboard',
        page: 'dashboard',
        lead: 'உங்கள் லாக்கர்கள், திட்டம் மற்றும் அருகிலுள்ள கடைகள் ஒரே பார்வையில்.',
        language: 'ta',
        session: shopper,
        copy: true,
        early: { urls: ['/api/bookings?period=recent', '/api/locker-locations'], shown: 'site-list' },
      });
      const cart = {
        path: '/MyCart',
        page: 'myCart',
        lead: 'Items from one seller, ready for checkout.',
        language: 'en',
        session: shopper,
      } as const;
      await beforeAnyScript(browser, baseUrl, { ...cart, copy: true });
      // A phone holding a cart: the copy (of an empty cart) may not be its screen, so only the splash.
      await beforeAnyScript(browser, baseUrl, {
        ...cart,
        stored: { cart: '{"sellerId":null,"items":[]}' },
        copy: false,
      });
      await whenTheScriptFails(browser, baseUrl);
    },
  ),

  journey(
    'The first screens stay within their JavaScript budgets on a first visit',
    async ({ browser, baseUrl }) => {
      const shopper = await newShopper(baseUrl, 'Budget Check');
      // The board as its staff, the console as the operator (the README's demo numbers).
      const who: Record<string, Session | undefined> = {
        '/login': undefined,
        '/shop/sri-murugan-stores': await existingShopper(baseUrl, '919443310002'),
        '/operator/lockers': await existingShopper(baseUrl, '919443310009'),
      };
      const over: string[] = [];
      for (const [path, budget] of Object.entries(FIRST_SCREEN_JS_KB)) {
        const { kb, files, heaviest, urls } = await scriptBytes(
          browser,
          baseUrl,
          path,
          path in who ? who[path] : shopper,
        );
        console.log(
          `      ${path}: ${kb} KB of JavaScript in ${files} files (budget ${budget.now} KB in ${budget.files}, goal ${budget.goal} KB)`,
        );
        assert.ok(kb > 20, `${path}: measured only ${kb} KB: the measurement is broken`);
        // The renderer the product requires, in the entry every screen loads (docs/decisions/0008-react-dom.md).
        const entry = urls.find((url) => /\/assets\/index-[\w-]+\.js$/.test(url));
        assert.ok(entry, `${path}: no entry script among ${urls.join(', ')}`);
        const code = await (await fetch(entry)).text();
        assert.match(code, /rendererPackageName:\s*[`"']react-dom[`"']/, 'the entry renders with React DOM');
        if (files > budget.files) over.push(`${path}: ${files} scripts > ${budget.files}`);
        if (kb > budget.now) {
          over.push(`${path}: ${kb} KB > ${budget.now} KB`);
          // What to look at first when a screen has grown.
          console.log(`        ${heaviest.join('\n        ')}`);
        }
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
      // The shop's board and the locker console are first screens too, for the people who work in them.
      const staff = await existingShopper(baseUrl, '919443310002');
      const operator = await existingShopper(baseUrl, '919443310009');
      const screens = [
        ['/login', 'en', undefined],
        ['/dashboard', 'en', shopper],
        ['/MyCart', 'en', shopper],
        ['/dashboard', 'ta', shopper],
        ['/shop/sri-murugan-stores', 'en', staff],
        ['/operator/lockers', 'en', operator],
        ['/operator/lockers', 'ta', operator],
      ] as const;
      for (const [path, language, who] of screens) {
        const shift = await layoutShift(browser, baseUrl, path, who, language);
        console.log(
          `      ${path} (${language}): layout shift ${shift.total.toFixed(3)} (at most ${MAX_LAYOUT_SHIFT})`,
        );
        if (shift.total > MAX_LAYOUT_SHIFT)
          moved.push(
            `${path} (${language}): ${shift.total.toFixed(3)}, most by moving ${shift.moved.join(' | ')}`,
          );
      }
      // At night: a cart from a shop that is shut says so ("closed now, order for when it opens")
      // from its first paint, in both languages, not once the shop's answer comes.
      const NIGHT_SHOP = 'ganesh-hot-chips';
      await shutUntilLater(baseUrl, NIGHT_SHOP);
      try {
        for (const language of ['en', 'ta'] as const) {
          const shift = await layoutShift(browser, baseUrl, '/MyCart', shopper, language, async (page) => {
            await addFromProductPage(page, 'ganesh-banana-chips', 'ganesh-banana-chips-250g', 2);
          });
          console.log(
            `      /MyCart, shop closed (${language}): layout shift ${shift.total.toFixed(3)} (at most ${MAX_LAYOUT_SHIFT})`,
          );
          if (shift.total > MAX_LAYOUT_SHIFT)
            moved.push(
              `/MyCart, shop closed (${language}): ${shift.total.toFixed(3)}, most by moving ${shift.moved.join(' | ')}`,
            );
        }
      } finally {
        await openAllDay(baseUrl, NIGHT_SHOP);
      }
      assert.deepEqual(moved, [], 'first screens that move as their data arrives');
    },
    { timeoutMs: 180_000 },
  ),
];
