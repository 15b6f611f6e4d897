import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { DEV_OPS_TOKEN } from '../../apps/server/src/config.ts';

/**
 * A signed-in shopper for journeys that are about something other than signing in: signed up through
 * the API with the code from the dev outbox, and the session put where the app keeps it. The sign-in
 * screens themselves are walked in journeys/auth.ts.
 */

export interface Session {
  userId: string;
  accessToken: string;
  refreshToken: string;
  clientId: string;
}

/** A random valid Indian mobile number (10 digits starting with 9). */
export function randomMobile(): string {
  return `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  assert.ok(res.ok, `${what} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The newest code sent to `wire` (dev outbox). */
export async function codeFor(baseUrl: string, wire: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/dev/outbox?phone=${wire}`);
    const { messages } = await json<{ messages: { code: string | null }[] }>(res, 'GET /api/dev/outbox');
    if (messages[0]?.code) return messages[0].code;
    if (Date.now() > deadline) throw new Error(`no code reached ${wire}`);
    await delay(200);
  }
}

/** Signs a new person up (with a random number, or the one given) and answers their session. */
export async function newShopper(baseUrl: string, name: string, mobile = randomMobile()): Promise<Session> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await json(await post('/auth/sign-up', { phone: mobile, name }), 'POST /auth/sign-up');
  const code = await codeFor(baseUrl, `91${mobile}`);
  const result = await json<{ userId?: string; tokens?: Omit<Session, 'userId'> }>(
    await post('/auth/confirm-sign-up', { phone: mobile, code }),
    'POST /auth/confirm-sign-up',
  );
  assert.ok(result.userId && result.tokens, 'sign-up signs the shopper in');
  return { userId: result.userId, ...result.tokens };
}

/**
 * Writes a session where the app keeps it (runs in the page: `page.evaluate` or a context's
 * `addInitScript`, so it must stand alone).
 */
export const storeSession = (s: Session): void => {
  localStorage.setItem(`accessToken.${s.userId}`, s.accessToken);
  localStorage.setItem(`refreshToken.${s.userId}`, s.refreshToken);
  localStorage.setItem(`clientId.${s.userId}`, s.clientId);
  localStorage.setItem('lastSignedInUser', s.userId);
  localStorage.setItem('existingUser', 'true');
};

/** Puts the session where the app keeps it, then opens `path`. */
export async function signedIn(page: Page, session: Session, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(storeSession, session);
  await page.goto(path);
}

/** Pays on testpay's checkout page (UPI, or "Make it fail") and waits to leave it. */
export async function payOnTestpay(page: Page, outcome: 'pay' | 'fail' = 'pay'): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith('/api/payments/testpay/checkout/'), {
    timeout: 15_000,
  });
  await page.getByLabel(/UPI/).check();
  // By the button's value, so the Tamil checkout is paid the same way.
  await page.locator(`button[name="outcome"][value="${outcome === 'pay' ? 'success' : 'failure'}"]`).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/api/'), { timeout: 15_000 });
}

/**
 * On a site's booking form: chooses the size, waits for the price, books, confirms and pays on the
 * testpay checkout, and waits for the booking to be reserved. Answers its id and PIN.
 */
export async function bookOnTheForm(
  page: Page,
  size: 'S' | 'M' | 'L' | 'XL',
): Promise<{ id: string; pin: string }> {
  await page.getByTestId('booking-form').waitFor();
  await page.getByTestId(`size-${size}`).check({ force: true });
  await page
    .getByTestId('booking-price')
    .getByText(/To pay ₹/)
    .waitFor();
  await page.getByTestId('book-submit').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Book' }).click();
  await payOnTestpay(page);
  await page.waitForURL((url) => url.searchParams.has('booking'));
  await page.locator('[data-testid="booking-status"][data-state="reserved"]').waitFor({ timeout: 20_000 });
  const id = new URL(page.url()).searchParams.get('booking') ?? '';
  const pin = (await page.getByTestId('booking-pin').innerText()).replace(/\D/g, '');
  return { id, pin };
}

/** A call to the ops API with the development ops token (the server under test runs with it). */
export const asOps = (baseUrl: string, method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      'x-ops-token': DEV_OPS_TOKEN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/**
 * Opens a shop round the clock through the ops API, so journeys that order from it pass at any hour
 * (a closed shop refuses orders). The server under test runs with the development ops token.
 */
export async function openAllDay(baseUrl: string, sellerId: string): Promise<void> {
  await json(
    await asOps(baseUrl, 'PUT', `/ops/sellers/${sellerId}/hours`, { open: '00:00', close: '24:00' }),
    `PUT /api/ops/sellers/${sellerId}/hours`,
  );
}

/**
 * Shuts a shop until later: open for one hour starting two hours from now in town, by the server's
 * clock (its `Date` header; a benchmark may have set it to another hour), so it is closed whenever
 * this runs. From 21:00 in town the hour ends at midnight, which the shop's hours write as 24:00.
 * Returns the hours set.
 */
export async function shutUntilLater(
  baseUrl: string,
  sellerId: string,
): Promise<{ open: string; close: string }> {
  const serverNow = Date.parse((await fetch(`${baseUrl}/api/health/live`)).headers.get('date') ?? '');
  const town = new Date((Number.isNaN(serverNow) ? Date.now() : serverNow) + 330 * 60_000);
  const hhmm = (h: number) => `${String((town.getUTCHours() + h) % 24).padStart(2, '0')}:00`;
  const hours = { open: hhmm(2), close: hhmm(3) === '00:00' ? '24:00' : hhmm(3) };
  await json(
    await asOps(baseUrl, 'PUT', `/ops/sellers/${sellerId}/hours`, hours),
    `PUT /api/ops/sellers/${sellerId}/hours`,
  );
  return hours;
}

/** Signs an existing account in (a demo resident, say) with its phone and the texted code. */
export async function existingShopper(baseUrl: string, wire: string): Promise<Session> {
  const mobile = wire.slice(-10);
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const started = await json<{ session?: string }>(
    await post('/auth/sign-in', { phone: mobile }),
    'POST /auth/sign-in',
  );
  const answer = await codeFor(baseUrl, `91${mobile}`);
  const result = await json<{ userId?: string; tokens?: Omit<Session, 'userId'> }>(
    await post('/auth/confirm-sign-in', { phone: mobile, session: started.session, answer }),
    'POST /auth/confirm-sign-in',
  );
  assert.ok(result.userId && result.tokens, 'sign-in signs the shopper in');
  return { userId: result.userId, ...result.tokens };
}

/** Calls the API as a signed-in shopper (for steps a journey does not walk through the screens). */
export async function asShopper<T>(
  baseUrl: string,
  session: Session,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return json<T>(
    await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'x-client-id': session.clientId,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    `${method} ${path}`,
  );
}

/**
 * A new person made a member of a shop through the ops API (journeys need their own staff: a demo
 * member's sign-in code may be asked for only every 30 s).
 */
export async function newShopMember(
  baseUrl: string,
  sellerId: string,
  name: string,
  role: 'owner' | 'staff' = 'staff',
): Promise<Session & { phone: string }> {
  const session = await newShopper(baseUrl, name);
  const me = await asShopper<{ phone: string }>(baseUrl, session, 'GET', '/me');
  await json(
    await fetch(`${baseUrl}/api/ops/shops/${sellerId}/members`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-token': DEV_OPS_TOKEN },
      body: JSON.stringify({ phone: me.phone, role }),
    }),
    `POST /api/ops/shops/${sellerId}/members`,
  );
  return { ...session, phone: me.phone };
}
