import type { Order } from '@petti/shared/schemas/orders';
import { injected, type ShopSim, signedIn, startShopSim } from '@petti/simulators';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper } from '../../test/locker-helpers.ts';
import { addAddress, getOrder, line, placed } from '../../test/order-helpers.ts';
import { orderStateLog } from './schema.ts';

const SHOP = 'sri-murugan-stores';
const RICE = 'murugan-ponni-raw-rice-10kg';

let t: TestApp;
let buyer: Shopper;
let sim: ShopSim;
let simNow = 0;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await shopper(t);
  // The simulator through the shops' own API in-process, signed in as the demo's simulator account (a
  // staff member of every demo shop), as npm start runs it; its own clock steps on demand.
  sim = startShopSim({
    request: signedIn(
      async (method, url, body, headers) => {
        const res = await t.app.inject({ method, url, ...injected(body, headers) });
        return { status: res.statusCode, json: res.body ? (res.json() as unknown) : null };
      },
      { phone: t.ctx.config.SHOP_SIM_PHONE, clientId: t.ctx.config.CLIENT_ID },
    ),
    stepMs: 1000,
    pollMs: 3_600_000,
    now: () => simNow,
  });
});
afterAll(async () => {
  await sim?.stop();
  await buyer?.stop();
  await t?.close();
});

/** Lets the shops look `n` times, a step's worth of time apart. */
async function ticks(n: number) {
  for (let i = 0; i < n; i++) {
    simNow += 1000;
    await sim.tick();
  }
}

describe('the shop simulator', () => {
  it('moves each delivery type step by step and stops at the buyer’s own steps', async () => {
    const home = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'home',
      addressId: await addAddress(t, buyer.userId, { lat: 9.456, lng: 77.8 }),
    });
    const locker = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'locker',
      siteId: 'bus-stand',
    });
    const curbside = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'curbside',
      vehicleNo: 'TN67AB1234',
    });
    const state = async (o: Order) => (await getOrder(buyer, o.id)).state;

    await ticks(1); // first sight: each step waits stepMs
    expect(await state(home)).toBe('placed');
    await ticks(1);
    expect(await state(home)).toBe('accepted');
    // Taken as a member of the shop, by name, not as the platform.
    const [accepted] = await t.ctx.database.db
      .select()
      .from(orderStateLog)
      .where(and(eq(orderStateLog.orderId, home.id), eq(orderStateLog.state, 'accepted')));
    expect(accepted?.by).toBe('Shop simulator');
    await ticks(6);
    expect(await state(home)).toBe('delivered');
    expect(await state(locker)).toBe('in_locker');
    expect(await state(curbside)).toBe('ready_for_pickup');
    expect((await getOrder(buyer, locker.id)).pickup?.pin).toMatch(/^\d{6}$/);

    const here = await buyer.call('POST', `/api/orders/${curbside.id}/arrived`, { bay: '3' });
    expect(here.statusCode, here.body).toBe(200);
    await ticks(2);
    expect(await state(curbside)).toBe('handed_over');
    expect(await state(locker)).toBe('in_locker'); // the buyer collects it at the keypad
  });
});
