import type { ProductPage } from '@petti/shared/schemas/catalog';
import type { ExitPassCheck, GrabPurchase } from '@petti/shared/schemas/grab';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPS_TOKEN } from '../../config.ts';
import { expectUnchanged, moneySnapshot } from '../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper } from '../../test/locker-helpers.ts';
import { line, setStock, variant } from '../../test/order-helpers.ts';
import { shopMember } from '../../test/shop-helpers.ts';

const SHOP = 'sri-murugan-stores';
const OTHER_SHOP = 'annai-supermarket';
const RICE = 'murugan-ponni-raw-rice-10kg';
const DAL = 'murugan-chana-dal-1kg';
const MIN = 60_000;

const CHECKOUT_STEPS = [
  'grab.checkout.reserve',
  'payments.open-provider-order',
  'grab.checkout.record-payment',
];

let t: TestApp;
let buyer: Shopper;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await shopper(t);
});
afterEach(() => t.app.services.flows.setHooks({}));
afterAll(async () => {
  await buyer?.stop();
  await t?.close();
});

const checkout = async (who: Shopper, items: Array<[string, number]>, sellerId = SHOP) =>
  who.call('POST', '/api/grab/checkout', {
    sellerId,
    items: await Promise.all(items.map(([v, q]) => line(t, v, q))),
  });

async function paidPurchase(who: Shopper, items: Array<[string, number]>): Promise<GrabPurchase> {
  const res = await checkout(who, items);
  expect(res.statusCode, res.body).toBe(201);
  const p = res.json() as GrabPurchase;
  expect(p.state).toBe('awaiting_payment');
  expect(p.pass).toBeNull();
  const paid = await who.pay(p.payment!);
  expect(paid.statusCode, paid.body).toBe(200);
  const after = (await who.call('GET', `/api/grab/purchases/${p.id}`)).json() as GrabPurchase;
  expect(after.state).toBe('paid');
  return after;
}

const check = async (sellerId: string, pass: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/grab/exit-passes/check',
    headers: { 'x-ops-token': DEV_OPS_TOKEN },
    payload: { sellerId, pass },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ExitPassCheck;
};

describe('finding a product in the shop', () => {
  it('finds the product by the EAN-13 on its pack, typed with spaces or scanned', async () => {
    const v = await variant(t, RICE);
    expect(v.barcode).toMatch(/^890\d{10}$/);
    const spaced = `${v.barcode!.slice(0, 1)} ${v.barcode!.slice(1, 7)} ${v.barcode!.slice(7)}`;
    const res = await t.app.inject({
      url: `/api/products?sellerId=${SHOP}&barcode=${encodeURIComponent(spaced)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as ProductPage;
    expect(page.products.map((p) => p.id)).toEqual(['murugan-ponni-raw-rice']);
    expect(page.products[0]!.variants.find((x) => x.vrntId === RICE)!.barcode).toBe(v.barcode);
    const elsewhere = await t.app.inject({
      url: `/api/products?sellerId=${OTHER_SHOP}&barcode=${v.barcode}`,
    });
    expect((elsewhere.json() as ProductPage).products).toEqual([]);
    const bad = await t.app.inject({ url: `/api/products?sellerId=${SHOP}&barcode=abc` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('paying one shop', () => {
  it('prices from the catalog, takes the stock when the payment is captured and issues a pass', async () => {
    await setStock(t, DAL, 10);
    const rice = await variant(t, RICE);
    const res = await checkout(buyer, [
      [RICE, 2],
      [DAL, 1],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json() as GrabPurchase;
    const dal = await variant(t, DAL);
    expect(p.totalPaise).toBe(rice.pricePaise * 2 + dal.pricePaise);
    expect(p.savingsPaise).toBe((rice.mrpPaise - rice.pricePaise) * 2 + (dal.mrpPaise - dal.pricePaise));
    // Nothing is held while paying: the goods are on the shelf or in the basket.
    expect((await variant(t, DAL)).inventory).toBe(10);
    await buyer.pay(p.payment!);
    expect((await variant(t, DAL)).inventory).toBe(9);
    expect((await variant(t, RICE)).inventory).toBe(rice.inventory - 2);
    const after = (await buyer.call('GET', `/api/grab/purchases/${p.id}`)).json() as GrabPurchase;
    expect(after.state).toBe('paid');
    expect(after.payment).toBeNull();
    expect(after.pass!.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(new Date(after.pass!.expiresAt).getTime() - t.clock.now().getTime()).toBe(30 * MIN);
    const heard = await buyer.heard('grabPurchasePaid');
    expect(heard.data.id).toBe(p.id);
    expect(String(heard.data.msg)).toContain('வெளியேறும் அனுமதிச் சீட்டை');
  });

  it('refuses BAD lines with the per-item list, and a changed price, as the delivery cart does', async () => {
    await setStock(t, DAL, 0);
    const res = await checkout(buyer, [
      [RICE, 1],
      [DAL, 1],
    ]);
    expect(res.statusCode).toBe(422);
    const err = res.json().error;
    expect(err.code).toBe('cartItemsError');
    expect(err.items.map((i: { vrntId: string; status: string }) => [i.vrntId, i.status])).toEqual([
      [RICE, 'OK'],
      [DAL, 'BAD'],
    ]);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/grab/checkout',
      headers: buyer.headers,
      payload: { sellerId: SHOP, items: [{ vrntId: RICE, quantity: 1, productPrice: 1 }] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('PaymentUpdatedException');
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/grab/checkout',
      headers: buyer.headers,
      payload: { sellerId: SHOP, items: [{ vrntId: RICE, quantity: 21, productPrice: 1 }] },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses a closed shop with its opening time, and keeps the cart', async () => {
    const night = t.clock.now();
    t.clock.set('2026-11-20T20:00:00.000Z'); // 01:30 in Sivakasi
    try {
      const res = await checkout(buyer, [[RICE, 1]]);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('SellerClosed');
    } finally {
      t.clock.set(night);
    }
  });

  it.each(CHECKOUT_STEPS)('failing at %s leaves nothing half-made', async (failAt) => {
    const before = await moneySnapshot(t);
    const mine = (await buyer.call('GET', '/api/grab/purchases')).json().purchases.length;
    t.app.services.flows.setHooks({
      beforeStep: (flow, step) => {
        if (flow === 'grab.checkout' && step === failAt) throw new Error(`${step} failed (test)`);
      },
    });
    const res = await checkout(buyer, [[RICE, 1]]);
    expect(res.statusCode).toBe(500);
    t.app.services.flows.setHooks({});
    await expectUnchanged(t, before);
    expect((await buyer.call('GET', '/api/grab/purchases')).json().purchases.length).toBe(mine);
  });

  it('a failed payment leaves stock and purchase waiting; it can be paid again', async () => {
    await setStock(t, DAL, 4);
    const p = (await checkout(buyer, [[DAL, 1]])).json() as GrabPurchase;
    await buyer.pay(p.payment!, 'failure');
    expect((await variant(t, DAL)).inventory).toBe(4);
    const again = (await buyer.call('GET', `/api/grab/purchases/${p.id}`)).json() as GrabPurchase;
    expect(again.state).toBe('awaiting_payment');
    await buyer.pay(again.payment!);
    expect((await variant(t, DAL)).inventory).toBe(3);
  });

  it('leaves an always-in-stock variant alone at capture (a cake made to order)', async () => {
    const CAKE = 'iyyappa-black-forest-cake-500g';
    await setStock(t, CAKE, 0);
    const res = await checkout(buyer, [[CAKE, 2]], 'iyyappa-bakery');
    expect(res.statusCode, res.body).toBe(201);
    await buyer.pay((res.json() as GrabPurchase).payment!);
    const after = (await buyer.call('GET', `/api/grab/purchases/${res.json().id}`)).json() as GrabPurchase;
    expect(after.state).toBe('paid');
    expect((await variant(t, CAKE)).inventory).toBe(0);
  });

  it('never takes stock below zero: of many shoppers paying for the last unit, one gets it, the rest are refunded', async () => {
    await setStock(t, DAL, 1);
    const crowd = await Promise.all(Array.from({ length: 6 }, () => shopper(t)));
    try {
      const purchases = await Promise.all(
        crowd.map(async (who) => {
          const res = await checkout(who, [[DAL, 1]]);
          expect(res.statusCode, res.body).toBe(201);
          return res.json() as GrabPurchase;
        }),
      );
      await Promise.all(crowd.map((who, i) => who.pay(purchases[i]!.payment!)));
      const states = await Promise.all(
        crowd.map(
          async (who, i) =>
            ((await who.call('GET', `/api/grab/purchases/${purchases[i]!.id}`)).json() as GrabPurchase).state,
        ),
      );
      expect(states.filter((s) => s === 'paid')).toHaveLength(1);
      expect(states.filter((s) => s === 'refunded')).toHaveLength(5);
      expect((await variant(t, DAL)).inventory).toBe(0);
    } finally {
      await Promise.all(crowd.map((who) => who.stop()));
    }
  });
});

describe('the exit pass', () => {
  it('is valid once, at its own shop, within 30 minutes; by QR token or typed code', async () => {
    const p = await paidPurchase(buyer, [[RICE, 1]]);
    const other = await check(OTHER_SHOP, p.pass!.token);
    expect(other.result).toBe('otherShop');
    const ok = await check(SHOP, p.pass!.token);
    expect(ok.result).toBe('valid');
    expect(ok.purchase!.items.map((i) => [i.vrntId, i.quantity])).toEqual([[RICE, 1]]);
    expect((await check(SHOP, p.pass!.token)).result).toBe('used');
    expect((await check(SHOP, p.pass!.code.toLowerCase().replace('-', ' '))).result).toBe('used');
    const after = (await buyer.call('GET', `/api/grab/purchases/${p.id}`)).json() as GrabPurchase;
    expect(after.state).toBe('exited');
    expect(after.pass!.usedAt).not.toBeNull();
    await buyer.heard('grabPassUsed');
  });

  it('two staff checking one pass at once: one valid, one used', async () => {
    const p = await paidPurchase(buyer, [[RICE, 1]]);
    const results = await Promise.all([check(SHOP, p.pass!.code), check(SHOP, p.pass!.token)]);
    expect(results.map((r) => r.result).sort()).toEqual(['used', 'valid']);
  });

  it('is refused expired after 30 minutes', async () => {
    const p = await paidPurchase(buyer, [[RICE, 1]]);
    t.clock.advance(30 * MIN + 1000);
    expect((await check(SHOP, p.pass!.code)).result).toBe('expired');
  });

  it('is refused forged: a made-up signature, another purchase id, or an unknown code', async () => {
    const p = await paidPurchase(buyer, [[RICE, 1]]);
    const [prefix, id, sig] = p.pass!.token.split('.') as [string, string, string];
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    expect(await check(SHOP, `${prefix}.${id}.${flipped}`)).toEqual({ result: 'invalid', purchase: null });
    expect((await check(SHOP, `${prefix}.someone-else.${sig}`)).result).toBe('invalid');
    expect((await check(SHOP, 'ZZZZ-ZZZZ')).result).toBe('invalid');
    expect((await check(SHOP, 'hello there')).result).toBe('invalid');
  });

  it('needs the ops token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ops/grab/exit-passes/check',
      payload: { sellerId: SHOP, pass: 'ABCD-EFGH' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('past purchases', () => {
  it('groups what was bought by product (grabAndGoItems), only for the buyer', async () => {
    const fresh = await shopper(t);
    try {
      await paidPurchase(fresh, [[RICE, 2]]);
      await paidPurchase(fresh, [[RICE, 1]]);
      const res = await fresh.call('GET', '/api/grab/items');
      expect(res.statusCode).toBe(200);
      const items = res.json().grabAndGoItems as Array<{ vrntId: string; quantity: number; times: number }>;
      expect(items.map((i) => [i.vrntId, i.quantity, i.times])).toEqual([[RICE, 3, 2]]);
      const someoneElse = await shopper(t);
      expect((await someoneElse.call('GET', '/api/grab/items')).json().grabAndGoItems).toEqual([]);
      const mine = (await fresh.call('GET', '/api/grab/purchases')).json().purchases as GrabPurchase[];
      expect((await someoneElse.call('GET', `/api/grab/purchases/${mine[0]!.id}`)).statusCode).toBe(404);
      await someoneElse.stop();
    } finally {
      await fresh.stop();
    }
  });
});

describe("a shop's own staff at the door", () => {
  it('checks a pass for their own shop only, and learns nothing of a purchase made elsewhere', async () => {
    const staff = await shopMember(t, SHOP, 'staff');
    const elsewhere = await shopMember(t, OTHER_SHOP, 'staff');
    const outsider = await shopper(t);
    try {
      const bought = await paidPurchase(buyer, [[RICE, 1]]);
      const at = (who: Shopper, shopId: string, pass: string) =>
        who.call('POST', `/api/shops/${shopId}/exit-checks`, { pass });
      expect((await at(outsider, SHOP, bought.pass!.code)).statusCode).toBe(403);
      expect((await at(elsewhere, SHOP, bought.pass!.code)).statusCode).toBe(403);
      const other = await at(elsewhere, OTHER_SHOP, bought.pass!.token);
      expect(other.json()).toEqual({ result: 'otherShop', purchase: null });
      const ok = await at(staff, SHOP, bought.pass!.code.toLowerCase());
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ result: 'valid', purchase: { id: bought.id } });
      expect((await at(staff, SHOP, bought.pass!.token)).json().result).toBe('used');
    } finally {
      for (const s of [staff, elsewhere, outsider]) await s.stop();
    }
  });
});
