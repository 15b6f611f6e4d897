import type { ShopOrder, ShopOrderList } from '@petti/shared/schemas/shops';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper, until } from '../../test/locker-helpers.ts';
import { addAddress, getOrder, line, placed, placeOrder, variant } from '../../test/order-helpers.ts';
import { shopMember, shopStep } from '../../test/shop-helpers.ts';

const SHOP = 'sri-murugan-stores';
const RICE = 'murugan-ponni-raw-rice-10kg';
const OTHER = 'iyyappa-bakery';

let t: TestApp;
let buyer: Shopper;
let owner: Shopper;
let staff: Shopper;
let colleague: Shopper;
let stranger: Shopper;
let address: string;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await shopper(t);
  owner = await shopMember(t, SHOP, 'owner');
  staff = await shopMember(t, SHOP, 'staff');
  colleague = await shopMember(t, SHOP, 'staff');
  stranger = await shopMember(t, OTHER, 'owner');
  address = await addAddress(t, buyer.userId, { lat: 9.456, lng: 77.8 });
}, 60_000);
afterAll(async () => {
  for (const s of [buyer, owner, staff, colleague, stranger]) await s?.stop();
  await t?.close();
});

const home = async () =>
  placed(buyer, {
    sellerId: SHOP,
    items: [await line(t, RICE, 1)],
    deliveryType: 'home',
    addressId: address,
  });

async function step(
  who: Shopper,
  id: string,
  name: string,
  body: object = {},
  status = 200,
): Promise<ShopOrder> {
  const res = await shopStep(who, SHOP, id, name, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as ShopOrder;
}

async function lane(who: Shopper, name: string): Promise<ShopOrderList> {
  const res = await who.call('GET', `/api/shops/${SHOP}/orders?lane=${name}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ShopOrderList;
}

describe("a shop's order board", () => {
  it('lists the shops someone works in, with their role', async () => {
    const mine = await staff.call('GET', '/api/shops/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().shops).toEqual([
      expect.objectContaining({ role: 'staff', shop: expect.objectContaining({ id: SHOP, active: true }) }),
    ]);
    // Every shop of one's own in one answer (the simulator's look); nothing for someone in none.
    const order = await home();
    const all = await staff.call('GET', '/api/shops/mine/orders?lanes=new');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().items.map((o: { id: string }) => o.id)).toContain(order.id);
    expect(all.json().items.every((o: { sellerId: string }) => o.sellerId === SHOP)).toBe(true);
    expect((await stranger.call('GET', '/api/shops/mine/orders')).json().items).toEqual([]);
    expect((await buyer.call('GET', '/api/shops/mine/orders')).json().items).toEqual([]);
    expect((await buyer.call('GET', '/api/shops/mine')).json()).toEqual({ shops: [], operator: false });
  });

  it('a new paid order rings every member live and shows in the new lane with the buyer, address and note', async () => {
    const order = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'home',
      addressId: address,
      notes: '  Ring the bell twice  ',
    });
    expect(order.notes).toBe('Ring the bell twice');
    await staff.heard('shopOrderChanged');
    await colleague.heard('shopOrderChanged');
    const ring = staff.named('shopOrderChanged').find((e) => e.data.orderId === order.id)!;
    expect(ring.data).toMatchObject({ shopId: SHOP, state: 'placed', event: 'orderPlaced' });
    expect(stranger.named('shopOrderChanged')).toEqual([]);
    const fresh = await lane(staff, 'new');
    const mine = fresh.items.find((o) => o.id === order.id)!;
    expect(mine.buyer.phone).toBe(`91${buyer.phone}`);
    expect(mine.address?.line1).toContain('Test Street');
    expect(mine.items[0]?.quantity).toBe(1);
    expect(mine.notes).toBe('Ring the bell twice');
    // A note too long is refused before anything is held; a blank one is no note.
    const long = await placeOrder(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'home',
      addressId: address,
      notes: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    const blank = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'home',
      addressId: address,
      notes: '   ',
    });
    expect(blank.notes).toBeNull();
    // Nobody outside the shop reads it, and another shop's member does not find it at all.
    expect((await buyer.call('GET', `/api/shops/${SHOP}/orders?lane=new`)).statusCode).toBe(403);
    expect((await stranger.call('GET', `/api/shops/${OTHER}/orders/${order.id}`)).statusCode).toBe(404);
  });

  it('home delivery: accept with a preparation time the buyer sees, pack, dispatch, deliver; who did each is kept', async () => {
    const order = await home();
    const accepted = await step(staff, order.id, 'accept', { prepMinutes: 20 });
    expect(accepted.state).toBe('accepted');
    expect(Date.parse(accepted.readyBy!) - t.clock.now().getTime()).toBe(20 * 60_000);
    const seen = await getOrder(buyer, order.id);
    expect(seen.readyBy).toBe(accepted.readyBy);
    const heard = await buyer.heard('orderAccepted');
    expect(heard.data.readyBy).toBe(accepted.readyBy);
    await step(colleague, order.id, 'pack');
    const out = await step(staff, order.id, 'dispatch');
    // The buyer has a code to tell at the door; the shop never sees it.
    expect(out.deliveryCode).toBeNull();
    const code = (await getOrder(buyer, order.id)).deliveryCode!;
    expect(code).toMatch(/^\d{4}$/);
    const done = await step(staff, order.id, 'deliver', { code });
    expect(done.state).toBe('delivered');
    expect(done.shopTimeline.map((s) => [s.step, s.by])).toEqual([
      ['awaiting_payment', null],
      ['placed', null],
      ['accepted', 'Test Shopper'],
      ['packed', 'Test Shopper'],
      ['out_for_delivery', 'Test Shopper'],
      ['delivered', 'Test Shopper'],
    ]);
    expect((await lane(staff, 'done')).items.map((o) => o.id)).toContain(order.id);
  });

  it('home hand-over: a code or a photo; three wrong codes lock the code, and a photo still works', async () => {
    const order = await home();
    await step(staff, order.id, 'accept', {});
    await step(staff, order.id, 'pack');
    await step(staff, order.id, 'dispatch');
    const code = (await getOrder(buyer, order.id)).deliveryCode!;
    const wrong = code === '0000' ? '1111' : '0000';
    const bare = await shopStep(staff, SHOP, order.id, 'deliver');
    expect(bare.json().error.code).toBe('DeliveryProofNeeded');
    for (const left of [2, 1]) {
      const res = await shopStep(staff, SHOP, order.id, 'deliver', { code: wrong });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'DeliveryCodeWrong', attemptsLeft: left });
    }
    const third = await shopStep(staff, SHOP, order.id, 'deliver', { code: wrong });
    expect(third.statusCode).toBe(423);
    expect(third.json().error.code).toBe('DeliveryCodeLocked');
    // Even the right code is no good now; the order is still out for delivery.
    expect((await shopStep(staff, SHOP, order.id, 'deliver', { code })).statusCode).toBe(423);
    expect((await getOrder(buyer, order.id)).state).toBe('out_for_delivery');
    const photo = (payload: Buffer, type: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/shops/${SHOP}/orders/${order.id}/proof-photo`,
        headers: { ...staff.headers, 'content-type': type },
        payload,
      });
    const notAPhoto = await photo(Buffer.from('%PDF-1.4 not a photo'), 'image/jpeg');
    expect(notAPhoto.statusCode).toBe(422);
    expect(notAPhoto.json().error.code).toBe('PhotoInvalid');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const first = await photo(png, 'image/png');
    expect(first.statusCode, first.body).toBe(200);
    // A second photo replaces the first, whose files go a day later (a screen may still show it).
    const taken = await photo(png, 'image/png');
    expect(taken.statusCode, taken.body).toBe(200);
    const firstUrl = (first.json() as ShopOrder).proofPhoto!.urls.medium;
    expect((taken.json() as ShopOrder).proofPhoto!.urls.medium).not.toBe(firstUrl);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(200);
    t.clock.advance(25 * 3600_000);
    await t.app.services.jobs.runDueJobs();
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    const delivered = await step(staff, order.id, 'deliver');
    expect(delivered.state).toBe('delivered');
    const seen = await getOrder(buyer, order.id);
    expect(seen.deliveryCode).toBeNull();
    const file = await t.app.inject({ method: 'GET', url: seen.proofPhoto!.urls.medium });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it('parcel locker and curbside: drop in a locker; ready, the buyer is here, hand over', async () => {
    const locker = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'locker',
      siteId: 'bus-stand',
    });
    await step(staff, locker.id, 'accept', {});
    await step(staff, locker.id, 'pack');
    const dropped = await step(staff, locker.id, 'drop-in-locker');
    expect(dropped.state).toBe('in_locker');
    expect(dropped.pickup?.locker).toBeTruthy();

    const curb = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'curbside',
      vehicleNo: 'TN67AB1234',
    });
    await step(staff, curb.id, 'accept', {});
    await step(staff, curb.id, 'pack');
    await step(staff, curb.id, 'ready-for-pickup');
    expect((await buyer.call('POST', `/api/orders/${curb.id}/arrived`, { bay: '2' })).statusCode).toBe(200);
    await until(() =>
      expect(
        staff.named('shopOrderChanged').some((e) => e.data.orderId === curb.id && e.data.state === 'arrived'),
      ).toBe(true),
    );
    const board = (await lane(staff, 'active')).items.find((o) => o.id === curb.id)!;
    expect(board.vehicleNo).toBe('TN67AB1234');
    expect(board.checkin.bay).toBe('2');
    expect((await step(staff, curb.id, 'hand-over')).state).toBe('handed_over');
    // A step that does not fit the delivery type changes nothing.
    const wrong = await shopStep(staff, SHOP, curb.id, 'dispatch');
    expect(wrong.statusCode).toBe(409);
  });

  it('two members accepting at once: one wins, the other is told who did it; a double tap is harmless', async () => {
    const order = await home();
    const [a, b] = await Promise.all([
      shopStep(staff, SHOP, order.id, 'accept', { prepMinutes: 10 }),
      shopStep(colleague, SHOP, order.id, 'accept', { prepMinutes: 30 }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json().error.code).toBe('OrderTakenByOther');
    expect(lost.json().error.by).toBe('Test Shopper');
    expect(lost.json().error.message).toBe('Test Shopper already did that.');
    const winner = a.statusCode === 200 ? staff : colleague;
    expect((await shopStep(winner, SHOP, order.id, 'accept', { prepMinutes: 10 })).statusCode).toBe(200);
  });

  it('reject before packing: cancelled with the reason, stock back and refunded in full', async () => {
    const before = (await variant(t, RICE)).inventory;
    const order = await home();
    const res = await step(staff, order.id, 'reject', { reason: 'out_of_stock', note: 'rice sold out' });
    expect(res.state).toBe('cancelled');
    expect(res.cancelReason).toBe('shop: out_of_stock (rice sold out)');
    expect((await variant(t, RICE)).inventory).toBe(before);
    await until(async () => {
      await t.app.services.jobs.runDueJobs();
      const o = await getOrder(buyer, order.id);
      expect(o.paymentStatus).toBe('refunded');
      expect(o.refundedPaise).toBe(o.price.totalPaise);
    });
    // The other member rejecting it too is told who already did.
    const again = await shopStep(colleague, SHOP, order.id, 'reject', { reason: 'too_busy' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('OrderTakenByOther');
  });

  it('a member removed by the owner is refused at once and alerted of no new order', async () => {
    // (Their live connection to the shop's topic is dropped: features/auth/broker-rules.test.ts.)
    const leaving = await shopMember(t, SHOP, 'staff');
    const gone = await owner.call('DELETE', `/api/shops/${SHOP}/members/91${leaving.phone}`);
    expect(gone.statusCode, gone.body).toBe(204);
    await leaving.heard('shopMembershipChanged');
    const order = await home();
    const refused = await shopStep(leaving, SHOP, order.id, 'accept', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('NotShopMember');
    await staff.heard('shopOrderChanged');
    const alerted = async (who: Shopper) =>
      (
        (await who.call('GET', '/api/notifications')).json() as { items: { data?: { orderId?: string } }[] }
      ).items.some((n) => n.data?.orderId === order.id);
    await until(async () => expect(await alerted(staff)).toBe(true));
    expect(await alerted(leaving)).toBe(false);
    expect((await getOrder(buyer, order.id)).state).toBe('placed');
  });

  it('a shop switched off by an operator: its members may read but take no step', async () => {
    const order = await home();
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/ops/shops/${SHOP}/active`,
      headers: { 'x-ops-token': t.ctx.config.OPS_TOKEN },
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const refused = await shopStep(staff, SHOP, order.id, 'accept', {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('ShopInactive');
      expect((await lane(staff, 'new')).items.map((o) => o.id)).toContain(order.id);
      // Shoppers can order nothing there meanwhile, and the shop is not listed.
      const refusedOrder = await placeOrder(buyer, {
        sellerId: SHOP,
        items: [await line(t, RICE, 1)],
        deliveryType: 'home',
        addressId: address,
      });
      expect(refusedOrder.statusCode).toBe(409);
      expect(refusedOrder.json().error.code).toBe('SellerUnavailable');
      const listed = await t.app.inject({ method: 'GET', url: '/api/sellers' });
      expect(listed.json().sellers.map((s: { id: string }) => s.id)).not.toContain(SHOP);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: `/api/ops/shops/${SHOP}/active`,
        headers: { 'x-ops-token': t.ctx.config.OPS_TOKEN },
        payload: { active: true },
      });
    }
    expect((await step(staff, order.id, 'accept', {})).state).toBe('accepted');
  });
});
