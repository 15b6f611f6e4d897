import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, lastCode, signUpUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '3' } });
});
afterAll(() => t.close());

const signUp = (phone: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { phone, name: 'Kumar' },
    remoteAddress: ip,
  });

describe('per-IP limit', () => {
  it('refuses a fourth code from one address within the hour, with Retry-After, but not from another', async () => {
    for (let i = 0; i < 3; i++) expect((await signUp(freshPhone(), '10.1.1.1')).statusCode).toBe(200);
    const fourth = await signUp(freshPhone(), '10.1.1.1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('Throttling');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await signUp(freshPhone(), '10.2.2.2')).statusCode).toBe(200);
    t.clock.advance(3_600_001);
    expect((await signUp(freshPhone(), '10.1.1.1')).statusCode).toBe(200);
  });
});

describe('sign-up code resend', () => {
  it('sends a new sign-up code after 30 s; the old one stops working', async () => {
    const phone = freshPhone();
    await signUp(phone, '10.3.3.3');
    const first = await lastCode(t.app, `91${phone}`);
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-code',
      payload: { phone },
      remoteAddress: '10.3.3.3',
    });
    expect(early.statusCode).toBe(429);
    t.clock.advance(30_000);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-code',
      payload: { phone },
      remoteAddress: '10.3.3.3',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().codeDeliveryDetails.destination).toBe(`+91******${phone.slice(-4)}`);
    const second = await lastCode(t.app, `91${phone}`);
    if (first !== second) {
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/auth/confirm-sign-up',
        payload: { phone, code: first },
      });
      expect(old.json().error.code).toBe('CodeMismatchException');
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-sign-up',
      payload: { phone, code: second },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('tells an unknown number to sign up, and a confirmed one to sign in', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-code',
      payload: { phone: freshPhone() },
    });
    expect(unknown.json().error.code).toBe('UserNotFoundException');
    const { phone } = await signUpUser(t.app);
    t.clock.advance(31_000);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-code',
      payload: { phone },
    });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().error.message).toMatch(/already confirmed\. Please sign in/);
  });
});
