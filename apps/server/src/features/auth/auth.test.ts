import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, freshPhone, lastCode, signUpUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { addresses } from '../addresses/schema.ts';
import { carts } from '../cart/schema.ts';
import { users } from '../users/schema.ts';
import { authChallenges } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '1000' } });
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(accessToken) });

describe('sign-up', () => {
  it('sends a code and answers CONFIRM_SIGN_UP with masked delivery details', async () => {
    const phone = freshPhone();
    const res = await post('/api/auth/sign-up', {
      phone: `+91${phone}`,
      name: 'Meena',
      email: 'meena@example.com',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      isSignUpComplete: false,
      nextStep: {
        signUpStep: 'CONFIRM_SIGN_UP',
        codeDeliveryDetails: {
          deliveryMedium: 'SMS',
          destination: `+91******${phone.slice(-4)}`,
          attributeName: 'phone_number',
        },
      },
    });
    expect(body.userId).toMatch(/^[0-9a-f]{32}$/);
    const code = await lastCode(t.app, `91${phone}`);
    expect(code).toMatch(/^\d{6}$/);
    // WebOTP's origin-bound line closes the message, so Android can fill the code in.
    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?phone=91${phone}` });
    expect(outbox.json().messages[0].body).toMatch(new RegExp(`\\n@localhost:8080 #${code}$`));
  });

  it('confirms with the code and signs the user in (auto sign-in)', async () => {
    const phone = freshPhone();
    await post('/api/auth/sign-up', { phone, name: 'Ravi' });
    const wrong = await post('/api/auth/confirm-sign-up', {
      phone,
      code: '000000' === (await lastCode(t.app, `91${phone}`)) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'CodeMismatchException', attemptsLeft: 2 });

    const ok = await post('/api/auth/confirm-sign-up', { phone, code: await lastCode(t.app, `91${phone}`) });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body).toMatchObject({ isSignUpComplete: true, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } });
    expect(body.tokens).toMatchObject({ clientId: 'petti-web', expiresIn: 900 });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: authHeaders(body.tokens.accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: body.userId,
      phone: `91${phone}`,
      name: 'Ravi',
      emailVerified: false,
      language: 'en',
    });
  });

  it('answers a registered number exactly as a new one: a code to that number, no account said, no id given', async () => {
    const { phone, userId } = await signUpUser(t.app);
    t.clock.advance(31_000); // past the wait between two codes to one number
    const res = await post('/api/auth/sign-up', { phone, name: 'Someone else' });
    const fresh = await post('/api/auth/sign-up', { phone: freshPhone(), name: 'New' });
    expect(res.statusCode).toBe(fresh.statusCode);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(body).toMatchObject({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    expect(body.userId).toMatch(/^[0-9a-f]{32}$/);
    expect(body.userId).not.toBe(userId);
    // The code went to the number's owner, and signs them in to their own account, name unchanged.
    const ok = await post('/api/auth/confirm-sign-up', { phone, code: await lastCode(t.app, `91${phone}`) });
    expect(ok.json()).toMatchObject({ nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' }, userId });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: authHeaders(ok.json().tokens.accessToken),
    });
    expect(me.json()).toMatchObject({ id: userId });
    expect(me.json().name).not.toBe('Someone else');
  });

  it.each([
    [{ name: 'No phone' }, 'body.phone'],
    [{ phone: '12345', name: 'Short' }, 'body.phone'],
    [{ phone: '+14155550100', name: 'Foreign' }, 'body.phone'],
    [{ phone: 9345678901, name: 'Number type' }, 'body.phone'],
    [{ phone: '9345678901' }, 'body.name'],
    [{ phone: '9345678901', name: '' }, 'body.name'],
    [{ phone: '9345678901', name: 'x'.repeat(81) }, 'body.name'],
    [{ phone: '9345678901', name: 'Ok', email: 'not-an-email' }, 'body.email'],
    [{ phone: '9345678901', name: 'Ok', role: 'admin' }, 'body.role'],
  ])('refuses %j with a 400 naming %s, and makes no account', async (payload, field) => {
    const res = await post('/api/auth/sign-up', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'Validation', field });
    expect(res.json().error.message).toContain(field);
    const [made] = await t.ctx.database.db.select().from(users).where(eq(users.phone, '919345678901'));
    expect(made).toBeUndefined();
  });

  it('refuses malformed JSON and a missing body with a 400', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: '{"phone":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('Validation');
    const none = await post('/api/auth/sign-up');
    expect(none.statusCode).toBe(400);
  });
});

describe('sign-in challenge', () => {
  it('signs in with the code from the SMS', async () => {
    const { phone, userId } = await signUpUser(t.app);
    t.clock.advance(31_000);
    const start = await post('/api/auth/sign-in', { phone });
    expect(start.statusCode).toBe(200);
    const s = start.json();
    expect(s).toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', additionalInfo: { attemptsLeft: 3 } },
    });
    expect(typeof s.session).toBe('string');
    const done = await post('/api/auth/confirm-sign-in', {
      phone,
      session: s.session,
      answer: await lastCode(t.app, `91${phone}`),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' }, userId });
    expect(done.json().tokens.accessToken).toBeTruthy();
  });

  it('sends an unknown number to sign-up with a clear error', async () => {
    const res = await post('/api/auth/sign-in', { phone: freshPhone() });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'UserNotFoundException',
      message: 'No Petti account uses this number yet. Please sign up.',
    });
  });

  it('gives the sign-in refusals: empty answer, no prior sign-in, a lost session', async () => {
    const { phone } = await signUpUser(t.app);
    const empty = await post('/api/auth/confirm-sign-in', { phone, session: 'x', answer: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual({
      code: 'EmptyChallengeResponse',
      message: 'challengeResponse is required to confirmSignIn',
    });
    const noSession = await post('/api/auth/confirm-sign-in', { phone, answer: '123456' });
    expect(noSession.json().error.code).toBe('SignInException');
    expect(noSession.json().error.message).toMatch(/signIn was not called before confirmSignIn/);
    const lost = await post('/api/auth/confirm-sign-in', {
      phone,
      session: 'made-up-session',
      answer: '123456',
    });
    expect(lost.json().error.code).toBe('SignInException');
  });

  it('ends the challenge after three wrong answers, and the right code no longer works', async () => {
    const { phone } = await signUpUser(t.app);
    t.clock.advance(31_000);
    const { session } = (await post('/api/auth/sign-in', { phone })).json();
    const code = await lastCode(t.app, `91${phone}`);
    const wrongCode = code === '999999' ? '999998' : '999999';
    const first = await post('/api/auth/confirm-sign-in', { phone, session, answer: wrongCode });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      isSignedIn: false,
      nextStep: { additionalInfo: { attemptsLeft: 2, error: 'CodeMismatch' } },
      session,
    });
    const second = await post('/api/auth/confirm-sign-in', { phone, session, answer: 'abc' });
    expect(second.json().nextStep.additionalInfo.attemptsLeft).toBe(1);
    const third = await post('/api/auth/confirm-sign-in', { phone, session, answer: wrongCode });
    expect(third.statusCode).toBe(400);
    expect(third.json().error.code).toBe('NotAuthorizedException');
    const late = await post('/api/auth/confirm-sign-in', { phone, session, answer: code });
    expect(late.json().error.code).toBe('SignInException');
  });

  it('expires a code after 3 minutes', async () => {
    const { phone } = await signUpUser(t.app);
    t.clock.advance(31_000);
    const { session } = (await post('/api/auth/sign-in', { phone })).json();
    const code = await lastCode(t.app, `91${phone}`);
    t.clock.advance(180_001);
    const res = await post('/api/auth/confirm-sign-in', { phone, session, answer: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ExpiredCodeException');
  });

  it('re-sends a code for the same challenge, not sooner than 30 s, and the new code works', async () => {
    const { phone } = await signUpUser(t.app);
    t.clock.advance(31_000);
    const { session } = (await post('/api/auth/sign-in', { phone })).json();
    const early = await post('/api/auth/resend-code', { phone, session });
    expect(early.statusCode).toBe(429);
    expect(early.json().error.code).toBe('CodeResendTooSoon');
    expect(Number(early.headers['retry-after'])).toBe(30);
    t.clock.advance(30_000);
    const again = await post('/api/auth/resend-code', { phone, session });
    expect(again.statusCode).toBe(200);
    const res = await post('/api/auth/confirm-sign-in', {
      phone,
      session,
      answer: await lastCode(t.app, `91${phone}`),
    });
    expect(res.json().isSignedIn).toBe(true);
  });

  it('keeps codes only as hashes', async () => {
    const { phone } = await signUpUser(t.app);
    t.clock.advance(31_000);
    await post('/api/auth/sign-in', { phone });
    const code = await lastCode(t.app, `91${phone}`);
    const rows = await t.ctx.database.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.phone, `91${phone}`));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(code);
      expect(row.codeHash).toHaveLength(43);
    }
  });
});

describe('limits', () => {
  it('sends at most 5 codes per number per hour', async () => {
    const { phone } = await signUpUser(t.app); // one code
    for (let i = 0; i < 4; i++) {
      t.clock.advance(31_000);
      expect((await post('/api/auth/sign-in', { phone })).statusCode).toBe(200);
    }
    t.clock.advance(31_000);
    const sixth = await post('/api/auth/sign-in', { phone });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('LimitExceededException');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(3_600_000);
    expect((await post('/api/auth/sign-in', { phone })).statusCode).toBe(200);
  });
});

describe('tokens and sessions', () => {
  it('needs a bearer token and the client-id header', async () => {
    const { tokens } = await signUpUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const noClient = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(noClient.statusCode).toBe(401);
    expect(noClient.json().error.message).toMatch(/x-client-id/);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: authHeaders(`${tokens.accessToken.slice(0, -2)}xx`),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('expires access tokens after their short lifetime', async () => {
    const { tokens } = await signUpUser(t.app);
    t.clock.advance(901_000);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: authHeaders(tokens.accessToken),
    });
    expect(res.statusCode).toBe(401);
  });

  it('rotates refresh tokens and ends the session when an old one is replayed', async () => {
    const { tokens } = await signUpUser(t.app);
    const first = await post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    // Used, so this process keeps its session as standing.
    expect((await me(next.accessToken)).statusCode).toBe(200);
    const replay = await post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(replay.statusCode).toBe(401);
    // The thief's replay ended the session for the rightful holder too.
    expect((await post('/api/auth/refresh', { refreshToken: next.refreshToken })).statusCode).toBe(401);
    expect((await me(next.accessToken)).statusCode).toBe(401);
  });

  it('refuses a session another process revoked, once the database tells of it', async () => {
    const { userId, tokens } = await signUpUser(t.app);
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
    // As another process would: straight to the table, past this process's own forgetting.
    await t.ctx.database.db.execute(
      sql`update auth_sessions set revoked_at = now() where user_id = ${userId}`,
    );
    await expect.poll(async () => (await me(tokens.accessToken)).statusCode).toBe(401);
  });

  it('tells the other processes of a revoke only: a sign-in or a refresh leaves their kept sessions', async () => {
    const told: number[] = [];
    await t.ctx.database.changes.subscribe('sessions_changed', () => told.push(Date.now()));
    const { tokens } = await signUpUser(t.app);
    const next = (await post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).json();
    expect((await me(next.accessToken)).statusCode).toBe(200);
    // Notices arrive in the order their transactions committed: by the sign-out's, any earlier one
    // would have come.
    expect((await post('/api/auth/sign-out', {}, authHeaders(next.accessToken))).statusCode).toBe(204);
    await expect.poll(() => told.length).toBeGreaterThan(0);
    expect(told).toHaveLength(1);
  });

  it('signs out this device only, or everywhere', async () => {
    const { phone, tokens: a } = await signUpUser(t.app);
    t.clock.advance(31_000);
    const { session } = (await post('/api/auth/sign-in', { phone })).json();
    const b = (
      await post('/api/auth/confirm-sign-in', { phone, session, answer: await lastCode(t.app, `91${phone}`) })
    ).json().tokens;

    const local = await post('/api/auth/sign-out', {}, authHeaders(a.accessToken));
    expect(local.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(a.accessToken) })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(b.accessToken) })).statusCode,
    ).toBe(200);

    t.clock.advance(31_000);
    const { session: s2 } = (await post('/api/auth/sign-in', { phone })).json();
    const c = (
      await post('/api/auth/confirm-sign-in', {
        phone,
        session: s2,
        answer: await lastCode(t.app, `91${phone}`),
      })
    ).json().tokens;
    expect((await post('/api/auth/sign-out', { global: true }, authHeaders(c.accessToken))).statusCode).toBe(
      204,
    );
    for (const tok of [b, c]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(tok.accessToken) }))
          .statusCode,
      ).toBe(401);
      expect((await post('/api/auth/refresh', { refreshToken: tok.refreshToken })).statusCode).toBe(401);
    }
  });
});

describe('profile', () => {
  it('edits name, language and preferences; the phone is read-only', async () => {
    const { tokens } = await signUpUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: authHeaders(tokens.accessToken),
      payload: { name: 'Lakshmi', language: 'ta', notificationPrefs: { offers: true } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Lakshmi',
      language: 'ta',
      notificationPrefs: { bookings: true, orders: true, offers: true },
    });
    const phone = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: authHeaders(tokens.accessToken),
      payload: { phone: '919999999999' },
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.field).toBe('body.phone');
  });

  it('verifies an email by its link, once', async () => {
    const { tokens } = await signUpUser(t.app);
    const headers = authHeaders(tokens.accessToken);
    expect((await post('/api/me/email/verify-request', undefined, headers)).json().error.code).toBe(
      'NoEmail',
    );
    await t.app.inject({ method: 'PATCH', url: '/api/me', headers, payload: { email: 'kavya@example.com' } });
    expect((await post('/api/me/email/verify-request', undefined, headers)).statusCode).toBe(200);
    const outbox = (
      await t.app.inject({ method: 'GET', url: '/api/dev/outbox?email=kavya@example.com' })
    ).json();
    const link: string = outbox.messages[0].link;
    expect(link).toMatch(/\/emailVerification\/[\w-]+$/);
    const id = link.split('/').pop();
    const ok = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email/${id}` });
    expect(ok.json()).toEqual({ verified: true, email: 'kavya@example.com' });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).json().emailVerified).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email/${id}` });
    expect(again.json()).toEqual({ verified: true, email: 'kavya@example.com' });
    // Once the address changes, the old link no longer proves anything.
    await t.app.inject({ method: 'PATCH', url: '/api/me', headers, payload: { email: 'other@example.com' } });
    const stale = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email/${id}` });
    expect(stale.json().error.code).toBe('EmailVerificationInvalid');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).json().emailVerified).toBe(false);
    t.clock.advance(86_400_001);
    await t.app.inject({ method: 'PATCH', url: '/api/me', headers, payload: { email: 'kavya@example.com' } });
    const expired = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email/${id}` });
    expect(expired.json().error.code).toBe('EmailVerificationInvalid');
  });

  it('deletes the account: personal data gone, sessions ended, the number free to sign up again', async () => {
    const { phone, userId, tokens } = await signUpUser(t.app);
    const headers = authHeaders(tokens.accessToken);
    // A saved home address and a cart are personal data too.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers,
      payload: { label: 'Home', line1: '12 Velayuthum Road', lat: 9.4515, lng: 77.795 },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const cart = await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers,
      payload: {
        sellerId: 'sri-murugan-stores',
        items: [{ vrntId: 'murugan-ponni-raw-rice-10kg', quantity: 1 }],
      },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me', headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(401);
    const db = t.ctx.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ phone: null, name: null, email: null });
    expect(await db.select().from(addresses).where(eq(addresses.userId, userId))).toEqual([]);
    expect(await db.select().from(carts).where(eq(carts.userId, userId))).toEqual([]);
    expect(row?.deletedAt).toBeInstanceOf(Date);
    t.clock.advance(31_000);
    const again = await post('/api/auth/sign-up', { phone, name: 'New owner' });
    expect(again.json().nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    expect(again.json().userId).not.toBe(userId);
  });
});
