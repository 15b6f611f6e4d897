import { devicePassword, SERVER_USERNAME, serverPassword } from '@petti/shared/node/device-password';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { shopMembers } from '../sellers/schema.ts';

const SECRET = 'broker-hook-secret-0123456789abcdef';
let t: TestApp;
let none: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { BROKER_HOOK_SECRET: SECRET, AUTH_IP_CODES_PER_HOUR: '100' } });
  none = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
  await none?.close();
});

const hook = (app: TestApp, path: string, body: Record<string, unknown>, form = false) =>
  app.app.inject({
    method: 'POST',
    url: `/api/broker/${SECRET}/${path}`,
    ...(form
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(body as Record<string, string>).toString(),
        }
      : { payload: body }),
  });
const deviceKey = () => t.ctx.config.DEVICE_KEY;

describe("an external broker's hooks (EMQX HTTP auth, mosquitto-go-auth HTTP backend)", () => {
  it('lets in a user with a live access token, a site with its key, and Petti itself; no one else', async () => {
    const user = await signUpUser(t.app);
    const cases: Array<[Record<string, string>, boolean]> = [
      [{ username: user.userId, password: user.tokens.accessToken, clientid: 'web-1' }, true],
      [{ username: user.userId, password: 'not-a-token' }, false],
      [{ username: user.userId }, false],
      [{ username: 'site:bus-stand', password: devicePassword(deviceKey(), 'bus-stand') }, true],
      [{ username: 'site:bus-stand', password: devicePassword(deviceKey(), 'railway-station') }, false],
      [{ username: SERVER_USERNAME, password: serverPassword(deviceKey()) }, true],
      [{ username: SERVER_USERNAME, password: 'guess' }, false],
    ];
    for (const [body, allowed] of cases) {
      for (const form of [false, true]) {
        const res = await hook(t, 'user', body, form);
        expect(res.statusCode, JSON.stringify(body)).toBe(200);
        expect(res.json(), JSON.stringify(body)).toMatchObject({
          result: allowed ? 'allow' : 'deny',
          ok: allowed,
        });
      }
    }
    // A session signed out cannot connect again.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${user.tokens.accessToken}`, 'x-client-id': 'petti-web' },
      payload: {},
    });
    expect(
      (await hook(t, 'user', { username: user.userId, password: user.tokens.accessToken })).json().result,
    ).toBe('deny');
  });

  it("answers topic checks by the embedded broker's rules, in both forms of asking", async () => {
    const me = 'a'.repeat(32);
    const other = 'b'.repeat(32);
    const acl = async (username: string, topic: string, ask: Record<string, string>) =>
      (await hook(t, 'acl', { username, topic, clientid: 'c', ...ask }, true)).json().ok as boolean;
    const sub = { action: 'subscribe' };
    const pub = { action: 'publish' };
    expect(await acl(me, `users/${me}/events`, sub)).toBe(true);
    expect(await acl(me, `users/${me}/events`, { acc: '4' })).toBe(true);
    expect(await acl(me, `users/${me}/events`, { acc: '1' })).toBe(true);
    expect(await acl(me, `users/${other}/events`, sub)).toBe(false);
    expect(await acl(me, 'users/+/events', sub)).toBe(false);
    expect(await acl(me, `users/${me}/events`, pub)).toBe(false);
    expect(await acl(me, `users/${me}/requests`, pub)).toBe(true);
    expect(await acl(me, `users/${me}/requests`, { acc: '2' })).toBe(true);
    expect(await acl(me, `users/${other}/requests`, pub)).toBe(false);
    expect(await acl('site:bus-stand', 'lockers/bus-stand/state', pub)).toBe(true);
    expect(await acl('site:bus-stand', 'lockers/railway-station/state', pub)).toBe(false);
    expect(await acl('site:bus-stand', 'lockers/bus-stand/commands', sub)).toBe(true);
    expect(await acl(SERVER_USERNAME, 'users/+/requests', sub)).toBe(true);
    expect(await acl('not a user', `users/${me}/events`, sub)).toBe(false);
    const superuser = async (username: string) => (await hook(t, 'superuser', { username })).json().ok;
    expect(await superuser(SERVER_USERNAME)).toBe(true);
    expect(await superuser(me)).toBe(false);
  });

  it("lets only a shop's members onto its board topic, asked of the members table each time", async () => {
    const member = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    await t.ctx.database.db.insert(shopMembers).values({
      shopId: 'sri-murugan-stores',
      phone: `91${member.phone}`,
      role: 'staff',
      addedAt: t.clock.now(),
      addedBy: 'test',
    });
    const acl = async (username: string, topic: string, action: string) =>
      (await hook(t, 'acl', { username, topic, clientid: 'c', action }, true)).json().ok as boolean;
    const board = 'shops/sri-murugan-stores/events';
    expect(await acl(member.userId, board, 'subscribe')).toBe(true);
    expect(await acl(member.userId, board, 'publish')).toBe(false);
    expect(await acl(member.userId, 'shops/+/events', 'subscribe')).toBe(false);
    expect(await acl(member.userId, 'shops/iyyappa-bakery/events', 'subscribe')).toBe(false);
    expect(await acl(outsider.userId, board, 'subscribe')).toBe(false);
    // A shop's products (prices and stock shoppers see anyway) are for any signed-in user, exactly there.
    expect(await acl(outsider.userId, 'shops/iyyappa-bakery/products', 'subscribe')).toBe(true);
    expect(await acl(outsider.userId, 'shops/iyyappa-bakery/products', 'publish')).toBe(false);
    expect(await acl(outsider.userId, 'shops/+/products', 'subscribe')).toBe(false);
    expect(await acl(outsider.userId, 'shops/iyyappa-bakery/products/#', 'subscribe')).toBe(false);
    // So are the locker sites' changes (closed, reopened, offline, back); nobody but the server publishes there.
    expect(await acl(outsider.userId, 'public/locker-sites', 'subscribe')).toBe(true);
    expect(await acl(outsider.userId, 'public/locker-sites', 'publish')).toBe(false);
    expect(await acl(outsider.userId, 'public/#', 'subscribe')).toBe(false);
    await t.ctx.database.db.delete(shopMembers).where(eq(shopMembers.phone, `91${member.phone}`));
    expect(await acl(member.userId, board, 'subscribe')).toBe(false);
  });

  it('exists only with its secret, and only when one is configured', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/broker/not-the-secret-000000000000/user',
      payload: { username: SERVER_USERNAME, password: serverPassword(deviceKey()) },
    });
    expect(wrong.statusCode).toBe(404);
    expect((await hook(none, 'user', { username: 'x', password: 'y' })).statusCode).toBe(404);
  });
});
