import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper } from '../../test/locker-helpers.ts';
import { line, ops, opsStep, placed, placeOrder } from '../../test/order-helpers.ts';
import { shopMember, shopStep } from '../../test/shop-helpers.ts';

const SHOP = 'sri-murugan-stores'; // 07:00–22:00
const RICE = 'murugan-ponni-raw-rice-10kg';

let t: TestApp;
let buyer: Shopper;

beforeAll(async () => {
  // 23:00 in Sivakasi: the shop is closed.
  t = await buildTestApp({ now: '2026-11-20T17:30:00.000Z' });
  buyer = await shopper(t);
});
afterAll(async () => {
  await buyer?.stop();
  await t?.close();
});

const setHours = (body: unknown, token: string | null = t.ctx.config.OPS_TOKEN) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/ops/sellers/${SHOP}/hours`,
    headers: token ? { 'x-ops-token': token } : {},
    payload: body as object,
  });

describe('a shop sets its opening hours through the ops API', () => {
  it('needs the ops token and sane hours', async () => {
    expect((await setHours({ open: '00:00', close: '24:00' }, null)).statusCode).toBe(401);
    expect((await setHours({ open: '00:00', close: '24:00' }, 'wrong-token-wrong-token')).statusCode).toBe(
      401,
    );
    expect((await setHours({ open: '22:00', close: '07:00' })).statusCode).toBe(400);
    expect((await setHours({ open: '7am', close: '22:00' })).statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/sellers/no-such-shop/hours',
      headers: { 'x-ops-token': t.ctx.config.OPS_TOKEN },
      payload: { open: '00:00', close: '24:00' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('opens the cart to orders at once, and closes it again', async () => {
    const cart = { items: [await line(t, RICE, 1)] };
    const closed = await buyer.call('POST', '/api/cart/validate', cart);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('SellerClosed');

    const res = await setHours({ open: '00:00', close: '24:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().seller).toMatchObject({
      id: SHOP,
      hours: { open: '00:00', close: '24:00' },
      openNow: true,
    });
    expect((await buyer.call('POST', '/api/cart/validate', cart)).statusCode).toBe(200);

    await setHours({ open: '07:00', close: '22:00' });
    expect((await buyer.call('POST', '/api/cart/validate', cart)).json().error.code).toBe('SellerClosed');
  });

  it('takes an order for when a closed shop opens: paid now, accepted from the opening, not before', async () => {
    await setHours({ open: '07:00', close: '22:00' });
    const body = {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'curbside',
      vehicleNo: 'TN67AB1234',
    };
    // Without saying so, a closed shop is refused with when it opens.
    expect((await placeOrder(buyer, body)).statusCode).toBeGreaterThanOrEqual(409);
    // For when it opens: validated, priced and paid now.
    const checked = await buyer.call('POST', '/api/cart/validate', { ...cart(body), whenShopOpens: true });
    expect(checked.statusCode, checked.body).toBe(200);
    const order = await placed(buyer, { ...body, whenShopOpens: true });
    // 07:00 tomorrow in Sivakasi is 01:30 UTC.
    expect(order.scheduledFor).toBe('2026-11-21T01:30:00.000Z');
    const early = await ops(t, order.id, 'accept');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('OrderScheduled');
    // Nor can the buyer be on the way to a shop hours before it opens.
    const tooSoon = await buyer.call('POST', `/api/orders/${order.id}/on-my-way`, {});
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().error).toMatchObject({ code: 'OrderScheduled' });
    t.clock.set('2026-11-21T01:31:00.000Z');
    expect((await buyer.call('POST', `/api/orders/${order.id}/on-my-way`, {})).statusCode).toBe(200);
    expect((await opsStep(t, order.id, 'accept')).state).toBe('accepted');
    // While open, the same flag changes nothing: an ordinary order.
    const now = await placed(buyer, { ...body, whenShopOpens: true });
    expect(now.scheduledFor).toBeNull();
  });

  it('a shop opened before the opening its night orders wait for takes them at once', async () => {
    // 07:01 now (the test before moved the clock); open only in the evening, so closed.
    await setHours({ open: '21:00', close: '22:00' });
    const staff = await shopMember(t, SHOP, 'staff');
    try {
      const body = {
        sellerId: SHOP,
        items: [await line(t, RICE, 1)],
        deliveryType: 'curbside',
        vehicleNo: 'TN67AB1234',
        whenShopOpens: true,
      };
      const order = await placed(buyer, body);
      expect(order.scheduledFor).toBe('2026-11-21T15:30:00.000Z');
      const lane = async (name: string) =>
        (await staff.call('GET', `/api/shops/${SHOP}/orders?lane=${name}`))
          .json()
          .items.map((o: { id: string }) => o.id);
      expect(await lane('scheduled')).toContain(order.id);
      expect((await shopStep(staff, SHOP, order.id, 'accept', { prepMinutes: 15 })).json().error.code).toBe(
        'OrderScheduled',
      );
      // The owner opens now: the night's order is an order for now, on the board's New lane, and accepted.
      await setHours({ open: '00:00', close: '24:00' });
      expect(await lane('new')).toContain(order.id);
      expect(await lane('scheduled')).not.toContain(order.id);
      expect((await buyer.call('GET', `/api/orders/${order.id}`)).json().scheduledFor).toBeNull();
      const accepted = await shopStep(staff, SHOP, order.id, 'accept', { prepMinutes: 15 });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().state).toBe('accepted');
    } finally {
      await staff.stop();
    }
  });

  it('has orders see hours changed by another process, once the database tells of it', async () => {
    await setHours({ open: '00:00', close: '24:00' });
    const body = {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'curbside',
    };
    const quote = () => buyer.call('POST', '/api/orders/quote', body);
    // Read, and kept in memory (platform/read-cache/kept-rows.ts).
    expect((await quote()).statusCode).toBe(200);
    expect((await quote()).statusCode).toBe(200);
    // As another process would: straight to the table, past this process's own forgetting. Open
    // only in the evening, and it is morning now (the test before moved the clock).
    await t.ctx.database.db.execute(
      sql`update sellers set opens_at = '21:00', closes_at = '22:00' where id = ${SHOP}`,
    );
    await expect.poll(async () => (await quote()).statusCode).toBeGreaterThanOrEqual(409);
  });
});

const cart = (b: { items: unknown[] }) => ({ items: b.items });
