import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { pastResendWait, waitForPath } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';

/**
 * Passwordless sign-up and sign-in with the code from the dev outbox (docs/product.md#sign-in). The
 * journeys' servers send a second code for one number after 1 s (`pastResendWait`, ../harness.ts): the
 * real 30 s would otherwise make it wait between signing up and signing in again.
 */

interface OutboxMessage {
  code: string | null;
  sentAt: string;
}

/** A random valid Indian mobile number (10 digits starting with 9) that no other journey uses. */
function randomMobile(): string {
  return `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

async function outbox(baseUrl: string, wire: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${baseUrl}/api/dev/outbox?phone=${wire}`);
  assert.equal(res.status, 200, `GET /api/dev/outbox answered ${res.status}`);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** When the newest code to `wire` was sent, or '' if none was. */
async function lastSentAt(baseUrl: string, wire: string): Promise<string> {
  return (await outbox(baseUrl, wire))[0]?.sentAt ?? '';
}

/** Waits for a code sent to `wire` after `after` (an ISO time, '' for any) and returns it. */
async function nextCode(baseUrl: string, wire: string, after: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [newest] = await outbox(baseUrl, wire);
    if (newest?.code && newest.sentAt > after) return newest.code;
    if (Date.now() > deadline) throw new Error(`no new code reached ${wire} in the dev outbox within 15 s`);
    await delay(200);
  }
}

/** The newest link emailed to `address` (the dev outbox keeps emails too). */
async function emailLink(baseUrl: string, address: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/dev/outbox?email=${encodeURIComponent(address)}`);
    const { messages } = (await res.json()) as { messages: { link: string | null }[] };
    if (messages[0]?.link) return messages[0].link;
    if (Date.now() > deadline) throw new Error(`no link reached ${address} in the dev outbox within 10 s`);
    await delay(200);
  }
}

/** Signs in `mobile` from the sign-in page: waits out the resend rule, submits, returns the new code. */
async function askForCode(page: Page, base: string, mobile: string): Promise<string> {
  const wire = `91${mobile}`;
  await page.getByTestId('phone-input').fill(mobile);
  await pastResendWait();
  const before = await lastSentAt(base, wire);
  await page.getByTestId('submit').click();
  await waitForPath(page, '/otp');
  return nextCode(base, wire, before);
}

async function storedSession(
  page: Page,
): Promise<{ user: string | null; access: string | null; refresh: string | null }> {
  return page.evaluate(() => {
    const user = localStorage.getItem('lastSignedInUser');
    return {
      user,
      access: user ? localStorage.getItem(`accessToken.${user}`) : null,
      refresh: user ? localStorage.getItem(`refreshToken.${user}`) : null,
    };
  });
}

export const authJourneys: Journey[] = [
  journey(
    'A new shopper signs up, signs in again, stays signed in after a reload, and signs out everywhere',
    async ({ page, baseUrl: base, screenshot }) => {
      const at = (path: string) => `${base}${path}`;
      const mobile = randomMobile();
      const wire = `91${mobile}`;

      // 1. Sign up: name and number, a code by SMS, typed one digit at a time.
      await page.goto(at('/register'));
      await page.getByTestId('page-register').waitFor();
      await page.getByLabel('Your name').fill('Meena Kumari');
      await page.getByTestId('phone-input').fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
      assert.equal(await page.getByTestId('phone-input').inputValue(), mobile, 'the +91 is not typed twice');
      await screenshot('register');
      await page.getByTestId('submit').click();
      await waitForPath(page, '/otp');
      await page.getByTestId('otp-digit-1').waitFor();
      const signUpCode = await nextCode(base, wire, '');
      await page.getByTestId('otp-expiry').waitFor();
      await screenshot('otp');
      await page.getByTestId('otp-digit-1').click();
      await page.keyboard.type(signUpCode, { delay: 40 }); // auto-advance, then auto-submit
      await waitForPath(page, '/dashboard');
      await page.getByTestId('page-dashboard').waitFor();
      const afterSignUp = await storedSession(page);
      assert.ok(afterSignUp.user && afterSignUp.access && afterSignUp.refresh, 'tokens are stored');
      assert.equal(await page.evaluate(() => localStorage.getItem('existingUser')), 'true');

      // 2. Sign out on this device.
      await page.goto(at('/settings'));
      await page.getByTestId('sign-out').click();
      await waitForPath(page, '/login');
      await page.getByTestId('page-login').waitFor();
      assert.equal((await storedSession(page)).user, null, 'signing out forgets the user');

      // An unknown number is led to sign-up, carrying the number along.
      const stranger = randomMobile();
      await page.getByTestId('phone-input').fill(stranger);
      await page.getByTestId('submit').click();
      await page.getByTestId('register-with-number').waitFor();
      await screenshot('login-unknown-number');
      await page.getByTestId('register-with-number').click();
      await waitForPath(page, '/register');
      assert.equal(await page.getByTestId('phone-input').inputValue(), stranger, 'the number is prefilled');

      // 3. Open a signed-in page: the guard sends the visitor to sign in and back afterwards.
      await page.goto(at('/bookings'));
      await waitForPath(page, '/login');
      const signInCode = await askForCode(page, base, mobile);

      // Android often reloads the tab while the SMS is read: the sign-in goes on.
      await page.reload();
      await page.getByTestId('otp-digit-1').waitFor();
      assert.equal(await page.getByTestId('otp-lost').count(), 0, 'the challenge survives a reload');

      // A wrong code: said so, with the attempts left; the boxes are cleared for another try.
      const wrong = signInCode === '000000' ? '111111' : '000000';
      await page.getByTestId('otp-digit-1').fill(wrong); // a whole code in one box, as autofill does
      const problem = page.getByTestId('otp-error');
      await problem.waitFor();
      assert.match(await problem.innerText(), /2 attempts left/);
      assert.equal(await page.getByTestId('otp-digit-6').inputValue(), '', 'the boxes are emptied');
      await screenshot('otp-wrong-code');

      await page.getByTestId('otp-digit-1').fill(signInCode);
      await waitForPath(page, '/bookings');
      await page.getByTestId('page-bookings').waitFor();

      // 4. A reload keeps the user signed in.
      await page.reload();
      await page.getByTestId('page-bookings').waitFor();
      assert.equal(new URL(page.url()).pathname, '/bookings');

      // An access token the server refuses is renewed once with the refresh token, unseen.
      const signedIn = await storedSession(page);
      await page.evaluate(
        (user) => localStorage.setItem(`accessToken.${user}`, 'no.longer.valid'),
        signedIn.user,
      );
      await page.goto(at('/myProfile'));
      const name = page.getByLabel('Name', { exact: true });
      await name.waitFor();
      assert.equal(await name.inputValue(), 'Meena Kumari');
      assert.equal(await page.getByTestId('profile-phone').innerText(), `+91 ${mobile}`);
      const renewed = await storedSession(page);
      assert.notEqual(renewed.access, 'no.longer.valid', 'the access token was renewed');
      assert.notEqual(renewed.refresh, signedIn.refresh, 'the refresh token rotated');

      // Add an email: checked as typed, saved, then verified through the link that was emailed.
      const email = page.getByRole('textbox', { name: /Email/ });
      await email.fill('meena@');
      await page.getByTestId('submit').click();
      await page.getByText('Invalid email address').waitFor();
      await email.fill(`meena.${mobile}@example.com`);
      await page.getByTestId('submit').click();
      await page.getByTestId('email-not-verified').waitFor();
      await page.getByTestId('verify-email').click();
      await page.getByText(`We sent a link to meena.${mobile}@example.com`).waitFor();
      const link = await emailLink(base, `meena.${mobile}@example.com`);
      await page.goto(at(new URL(link).pathname));
      await page.getByTestId('email-verification-success').waitFor();
      await page.goto(at('/myProfile'));
      await page.getByTestId('email-verified').waitFor();
      await screenshot('profile');

      // 5. Sign out everywhere, after saying yes.
      await page.goto(at('/settings'));
      await page.getByTestId('pref-bookings').waitFor();
      await screenshot('settings');
      await page.getByTestId('sign-out-everywhere').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
      await waitForPath(page, '/login');
      assert.equal((await storedSession(page)).user, null, 'the session is gone from this device');
      const reuse = await fetch(at('/api/auth/refresh'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: renewed.refresh }),
      });
      assert.equal(reuse.status, 401, 'the server ended the session too');
      await page.goto(at('/dashboard'));
      await waitForPath(page, '/login');
      await page.getByTestId('page-login').waitFor();

      // 6. The code screen in Tamil.
      await page.evaluate(() => localStorage.setItem('language', 'ta'));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.lang === 'ta');
      const tamilCode = await askForCode(page, base, mobile);
      await page.getByTestId('otp-expiry').waitFor();
      await screenshot('otp-ta');

      // 7. Deleting the account (in Tamil this time) signs out, and the number is then unknown.
      await page.getByTestId('otp-digit-1').fill(tamilCode);
      await waitForPath(page, '/dashboard');
      await page.goto(at('/settings'));
      await page.getByTestId('delete-account').click();
      await page.getByRole('dialog').getByRole('button', { name: 'என் கணக்கை நீக்கு' }).click();
      await waitForPath(page, '/login');
      assert.equal((await storedSession(page)).user, null, 'deleting the account signs out');
      const gone = await fetch(at('/api/auth/sign-in'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: wire }),
      });
      assert.equal(gone.status, 404, 'the deleted account no longer signs in');
    },
    { timeoutMs: 150_000 },
  ),
];
