import type { Order } from '@petti/shared/schemas/orders';
import type { ShopMoney } from '@petti/shared/schemas/shop-money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper, until } from '../../test/locker-helpers.ts';
import { addAddress, getOrder, line, placed } from '../../test/order-helpers.ts';
import { shopMember, shopStep } from '../../test/shop-helpers.ts';

// Friday 20 November 2026, 10:00 in Sivakasi.
const SHOP = 'sri-murugan-stores';
const RICE = 'murugan-ponni-raw-rice-10kg';
const RICE_5 = 'murugan-ponni-raw-rice-5kg';

let t: TestApp;
let owner: Shopper;
let staff: Shopper;
let stranger: Shopper;
let buyer: Shopper;
let address: string;
const orders: Order[] = [];

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-20T04:30:00.000Z' });
  owner = await shopMember(t, SHOP, 'owner');
  staff = await shopMember(t, SHOP, 'staff');
  stranger = await shopMember(t, 'iyyappa-bakery', 'owner');
  buyer = await shopper(t);
  address = await addAddress(t, buyer.userId, { lat: 9.456, lng: 77.8 });
  const order = async (items: object[]) =>
    placed(buyer, { sellerId: SHOP, items, deliveryType: 'home', addressId: address });
  // A day of orders: one kept whole, one turned down, one with an item the shop did not have.
  orders.push(await order([await line(t, RICE, 1)]));
  orders.push(await order([await line(t, RICE_5, 1)]));
  orders.push(await order([await line(t, RICE, 1), await line(t, RICE_5, 1)]));
  const rejected = await shopStep(staff, SHOP, orders[1]!.id, 'reject', { reason: 'too_busy' });
  expect(rejected.statusCode, rejected.body).toBe(200);
  const missing = await staff.call(
    'POST',
    `/api/shops/${SHOP}/orders/${orders[2]!.id}/items/${RICE_5}/unavailable`,
    {
      quantity: 1,
    },
  );
  expect(missing.statusCode, missing.body).toBe(200);
  await until(async () => {
    expect((await getOrder(buyer, orders[1]!.id)).refundedPaise).toBe(orders[1]!.price.totalPaise);
    expect((await getOrder(buyer, orders[2]!.id)).refundedPaise).toBeGreaterThan(0);
  });
}, 90_000);
afterAll(async () => {
  for (const s of [owner, staff, stranger, buyer]) await s?.stop();
  await t?.close();
});

const report = async (query = '') => {
  const res = await owner.call('GET', `/api/shops/${SHOP}/money${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ShopMoney;
};

describe("a shop's money", () => {
  it("matches the shoppers' payments and refunds, and always adds up", async () => {
    const day = await report('?from=2026-11-20&to=2026-11-20');
    const mine = day.orders.filter((o) => orders.some((x) => x.id === o.orderId));
    expect(mine).toHaveLength(3);
    for (const o of orders) {
      const paid = await getOrder(buyer, o.id);
      const row = day.orders.find((r) => r.orderId === o.id)!;
      expect(row.paidPaise).toBe(paid.price.totalPaise);
      expect(row.refundedPaise).toBe(paid.refundedPaise);
    }
    const [kept, turnedDown, short] = orders.map((o) => day.orders.find((r) => r.orderId === o.id)!);
    const fees = (o: Order) =>
      o.price.deliveryFeePaise + o.price.smallCartFeePaise + o.price.packagingFeePaise;
    expect(kept).toMatchObject({ refundedPaise: 0, pettiFeesPaise: fees(orders[0]!) });
    // Turned down: everything went back, fees too; nothing is owed and Petti keeps nothing.
    expect(turnedDown).toMatchObject({ pettiFeesPaise: 0, owedPaise: 0 });
    // The missing 5 kg bag went back at its price.
    expect(short!.refundedPaise).toBe(orders[2]!.items.find((i) => i.vrntId === RICE_5)!.unitPricePaise);
    // Every order, and the day: paid − refunded − Petti's fees = owed.
    for (const o of day.orders) expect(o.paidPaise - o.refundedPaise - o.pettiFeesPaise).toBe(o.owedPaise);
    const { totals } = day;
    expect(totals.orders).toBe(day.orders.length);
    expect(totals.paidPaise - totals.refundedPaise - totals.pettiFeesPaise).toBe(totals.owedPaise);
    expect(totals.paidPaise).toBe(day.orders.reduce((n, o) => n + o.paidPaise, 0));
    // Today is the default; another day has none of these.
    expect((await report()).totals).toEqual(totals);
    expect((await report('?from=2026-11-21&to=2026-11-27')).orders).toEqual([]);
  });

  it('numbers the shop’s invoices one after another within the financial year, as each order is paid', async () => {
    const numbers = await Promise.all(orders.map(async (o) => (await getOrder(buyer, o.id)).invoiceNo));
    for (const n of numbers) expect(n).toMatch(/^26-27\/\d{6}$/);
    const counts = numbers.map((n) => Number(n!.slice(6)));
    expect(counts).toEqual([counts[0], counts[0]! + 1, counts[0]! + 2]);
    // Another shop counts on its own.
    const bakery = await placed(buyer, {
      sellerId: 'iyyappa-bakery',
      items: [await line(t, 'iyyappa-black-forest-cake-500g', 1)],
      deliveryType: 'home',
      addressId: address,
    });
    expect(bakery.invoiceNo).toBe('26-27/000001');
  });

  it('exports the same as CSV, one row per order and a total', async () => {
    const res = await owner.call('GET', `/api/shops/${SHOP}/money.csv?from=2026-11-20&to=2026-11-20`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(
      'petti-sri-murugan-stores-2026-11-20-to-2026-11-20.csv',
    );
    const rows = res.body.trim().split('\r\n');
    const day = await report('?from=2026-11-20&to=2026-11-20');
    expect(rows[0]).toBe('date,time,order,delivery,state,paid_inr,refunded_inr,petti_fees_inr,owed_inr');
    expect(rows).toHaveLength(day.orders.length + 2);
    expect(rows[1]).toMatch(/^2026-11-20,10:00,/);
    const total = rows.at(-1)!.split(',');
    expect(total[0]).toBe('total');
    expect(Number(total[8])).toBe(day.totals.owedPaise / 100);
  });

  it('is the owner’s alone; a span the wrong way round or too long is refused', async () => {
    const byStaff = await staff.call('GET', `/api/shops/${SHOP}/money`);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().error.code).toBe('ShopOwnerOnly');
    expect((await stranger.call('GET', `/api/shops/${SHOP}/money.csv`)).statusCode).toBe(403);
    expect((await buyer.call('GET', `/api/shops/${SHOP}/money`)).statusCode).toBe(403);
    const backwards = await owner.call('GET', `/api/shops/${SHOP}/money?from=2026-11-20&to=2026-11-19`);
    expect(backwards.statusCode).toBe(400);
    expect(
      (await owner.call('GET', `/api/shops/${SHOP}/money?from=2026-01-01&to=2026-11-19`)).statusCode,
    ).toBe(400);
    // Dates that do not exist are refused at the edge, on every route that takes a span.
    for (const path of ['money', 'money.csv', 'payouts'])
      for (const span of ['from=2025-13-45', 'to=2026-02-30', 'from=2026-11-31', 'from=2026-1-05']) {
        const res = await owner.call('GET', `/api/shops/${SHOP}/${path}?${span}`);
        expect(res.statusCode, `${path}?${span}`).toBe(400);
        expect(res.json().error.code).toBe('Validation');
      }
    expect(
      (await owner.call('GET', `/api/shops/${SHOP}/money?from=2024-02-29&to=2024-02-29`)).statusCode,
    ).toBe(200);
  });
});
