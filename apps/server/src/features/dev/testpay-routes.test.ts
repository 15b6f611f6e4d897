import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPS_TOKEN } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import type { Shopper } from '../../test/locker-helpers.ts';
import { linkBank, MURUGAN } from '../../test/settlement-helpers.ts';
import { shopMember } from '../../test/shop-helpers.ts';

let t: TestApp;
let owner: Shopper;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-20T04:30:00.000Z' });
  owner = await shopMember(t, MURUGAN, 'owner');
}, 60_000);
afterAll(async () => {
  await owner?.stop();
  await t?.close();
});

const send = (headers: Record<string, string>, shopId = MURUGAN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dev/testpay/direct-transfers',
    headers,
    payload: { shopId, amountPaise: 5000 },
  });

describe("testpay's dashboard transfer", () => {
  it('is the ops token’s only: no one signed in, not even the shop’s owner, may send money', async () => {
    expect((await send({})).statusCode).toBe(401);
    expect((await send({ 'x-ops-token': 'not-the-token-at-all' })).statusCode).toBe(401);
    const asOwner = await owner.call('POST', '/api/dev/testpay/direct-transfers', {
      shopId: MURUGAN,
      amountPaise: 5000,
    });
    expect(asOwner.statusCode).toBe(401);
    expect(
      await t.app.services.testpayRoute!.listTransfers({ from: new Date(0), skip: 0, count: 100 }),
    ).toEqual([]);
  });

  it('sends a linked shop money for no order, and says so for a shop with no account', async () => {
    const none = await send({ 'x-ops-token': DEV_OPS_TOKEN });
    expect(none.statusCode).toBe(404);
    await linkBank(owner);
    const made = await send({ 'x-ops-token': DEV_OPS_TOKEN });
    expect(made.statusCode, made.body).toBe(201);
    const [transfer] = await t.app.services.testpayRoute!.listTransfers({
      from: new Date(0),
      skip: 0,
      count: 100,
    });
    expect(transfer).toMatchObject({
      id: made.json().transferId,
      amount: 5000,
      notes: { made_at: 'dashboard' },
    });
  });
});
