import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export const CLIENT_ID = 'petti-web';

let counter = 0;
/** A fresh valid mobile number per call, so suites and tests never collide. */
export function freshPhone(): string {
  counter += 1;
  const tail = `${process.pid % 1000}`.padStart(3, '0') + `${counter}`.padStart(5, '0');
  return `97${tail}`.slice(0, 10).padEnd(10, '0');
}

export async function lastCode(app: FastifyInstance, phone: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?phone=${phone}` });
  expect(res.statusCode).toBe(200);
  const code = res.json().messages[0]?.code as string | undefined;
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

export const authHeaders = (accessToken: string) => ({
  authorization: `Bearer ${accessToken}`,
  'x-client-id': CLIENT_ID,
});

/** Signs a new user up through the real flow and returns their tokens. */
export async function signUpUser(app: FastifyInstance, phone = freshPhone(), name = 'Test Shopper') {
  const up = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { phone, name } });
  expect(up.statusCode, up.body).toBe(200);
  const code = await lastCode(app, `91${phone}`);
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/auth/confirm-sign-up',
    payload: { phone, code },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const body = confirm.json();
  return {
    phone,
    userId: body.userId as string,
    tokens: body.tokens as { accessToken: string; refreshToken: string },
  };
}

/** Signs an existing account in with its phone (`91` + 10 digits or 10 digits) and the texted code. */
export async function signInUser(app: FastifyInstance, phone: string) {
  const local = phone.length === 12 ? phone.slice(2) : phone;
  const asked = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { phone: local } });
  expect(asked.statusCode, asked.body).toBe(200);
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/auth/confirm-sign-in',
    payload: { phone: local, session: asked.json().session, answer: await lastCode(app, `91${local}`) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const body = confirm.json();
  return {
    phone: local,
    userId: body.userId as string,
    tokens: body.tokens as { accessToken: string; refreshToken: string },
  };
}

/**
 * A fresh access token for `user` (whose tokens are replaced), as the app refreshes: access tokens
 * live 15 minutes, so a test that moves the clock on asks for one before each request.
 */
export async function refreshedToken(
  app: FastifyInstance,
  user: { tokens: { accessToken: string; refreshToken: string } },
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refreshToken: user.tokens.refreshToken },
  });
  expect(res.statusCode, res.body).toBe(200);
  user.tokens = res.json();
  return user.tokens.accessToken;
}
