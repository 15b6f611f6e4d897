import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { shopMembers } from '../sellers/schema.ts';

/**
 * Signing out drops the session's connections on an external EMQX (docs/deploy.md#an-external-broker).
 * A local server answers EMQX's REST API in its form: DELETE /api/v5/clients/{clientid}, Basic auth,
 * 204 when kicked and 404 for a client it does not know.
 */
const SECRET = 'broker-hook-secret-0123456789abcdef';
const KEY = 'petti-key';
const KEY_SECRET = 'petti-key-secret';

interface Kick {
  clientId: string;
  authorization: string | undefined;
}
const kicks: Kick[] = [];
let answer = 204;
let emqx: Server;
let t: TestApp;

beforeAll(async () => {
  emqx = createServer((req: IncomingMessage, res) => {
    const m = /^\/api\/v5\/clients\/([^/]+)$/.exec(req.url ?? '');
    if (req.method === 'DELETE' && m)
      kicks.push({ clientId: decodeURIComponent(m[1]!), authorization: req.headers.authorization });
    res.statusCode = m ? answer : 404;
    res.end();
  });
  await new Promise<void>((resolve) => emqx.listen(0, '127.0.0.1', resolve));
  t = await buildTestApp({
    env: {
      BROKER_HOOK_SECRET: SECRET,
      BROKER_ADMIN_URL: `http://127.0.0.1:${(emqx.address() as AddressInfo).port}/api/v5/`,
      BROKER_ADMIN_KEY: KEY,
      BROKER_ADMIN_SECRET: KEY_SECRET,
      AUTH_IP_CODES_PER_HOUR: '100',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => emqx?.close(r));
});

const connect = (username: string, password: string, clientid: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/broker/${SECRET}/user`,
    payload: { username, password, clientid },
  });
const signOut = (accessToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    headers: authHeaders(accessToken),
  });

describe('an external broker told to drop signed-out connections', () => {
  it("answers a user's connection with its token's expiry, for EMQX to drop it then", async () => {
    const user = await signUpUser(t.app);
    const res = await connect(user.userId, user.tokens.accessToken, 'web-expiry');
    expect(res.json()).toMatchObject({ result: 'allow', ok: true });
    const expireAt = res.json().expire_at as number;
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(expireAt).toBeGreaterThan(now);
    expect(expireAt).toBeLessThanOrEqual(now + t.ctx.config.ACCESS_TOKEN_TTL_SECONDS);
  });

  it("drops the signed-out session's connections, with the API key, and no one else's", async () => {
    kicks.length = 0;
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    for (const id of ['phone-a', 'tab/b c'])
      expect((await connect(user.userId, user.tokens.accessToken, id)).json().ok).toBe(true);
    expect((await connect(other.userId, other.tokens.accessToken, 'phone-other')).json().ok).toBe(true);

    expect((await signOut(user.tokens.accessToken)).statusCode).toBe(204);
    expect(kicks.map((k) => k.clientId).sort()).toEqual(['phone-a', 'tab/b c']);
    const basic = `Basic ${Buffer.from(`${KEY}:${KEY_SECRET}`).toString('base64')}`;
    expect(kicks.every((k) => k.authorization === basic)).toBe(true);

    // Signing out again asks nothing more: those connections are forgotten.
    kicks.length = 0;
    expect((await signOut(other.tokens.accessToken)).statusCode).toBe(204);
    expect(kicks.map((k) => k.clientId)).toEqual(['phone-other']);
  });

  it("drops someone's connections when they leave a shop, and keeps their session", async () => {
    const owner = await signUpUser(t.app);
    const staff = await signUpUser(t.app);
    const now = t.clock.now();
    await t.ctx.database.db.insert(shopMembers).values([
      {
        shopId: 'sri-murugan-stores',
        phone: `91${owner.phone}`,
        role: 'owner',
        addedAt: now,
        addedBy: 'test',
      },
      {
        shopId: 'sri-murugan-stores',
        phone: `91${staff.phone}`,
        role: 'staff',
        addedAt: now,
        addedBy: 'test',
      },
    ]);
    expect((await connect(staff.userId, staff.tokens.accessToken, 'staff-phone')).json().ok).toBe(true);
    expect((await connect(owner.userId, owner.tokens.accessToken, 'owner-phone')).json().ok).toBe(true);
    kicks.length = 0;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/sri-murugan-stores/members/91${staff.phone}`,
      headers: authHeaders(owner.tokens.accessToken),
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(kicks.map((k) => k.clientId)).toEqual(['staff-phone']);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: authHeaders(staff.tokens.accessToken),
    });
    expect(me.statusCode).toBe(200);
  });

  it('signs out all the same when the broker refuses', async () => {
    const user = await signUpUser(t.app);
    await connect(user.userId, user.tokens.accessToken, 'phone-refused');
    answer = 500;
    try {
      expect((await signOut(user.tokens.accessToken)).statusCode).toBe(204);
    } finally {
      answer = 204;
    }
    expect(kicks.at(-1)?.clientId).toBe('phone-refused');
    // The session is over whatever the broker said.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: authHeaders(user.tokens.accessToken),
    });
    expect(me.statusCode).toBe(401);
  });
});
