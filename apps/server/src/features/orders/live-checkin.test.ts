import { TOPICS } from '@petti/shared';
import type { LiveRequestBody } from '@petti/shared/schemas/live-requests';
import type { Order } from '@petti/shared/schemas/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper, until } from '../../test/locker-helpers.ts';
import { getOrder, line, opsStep, placed } from '../../test/order-helpers.ts';

const SHOP = 'sri-murugan-stores';
const RICE = 'murugan-ponni-raw-rice-10kg';

let t: TestApp;
let buyer: Shopper;
let other: Shopper;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await shopper(t);
  other = await shopper(t);
});
afterAll(async () => {
  await buyer?.stop();
  await other?.stop();
  await t?.close();
});

let n = 0;
/** What the app's live client publishes once its connection is back (lib/realtime/live-client.ts). */
async function publish(as: Shopper, request: LiveRequestBody, options: { topicUser?: string } = {}) {
  const requestId = `req-${Date.now()}-${++n}`;
  await t.ctx.realtime.publish(TOPICS.userRequests(options.topicUser ?? as.userId), {
    requestId,
    token: as.tokens.accessToken,
    sessionId: as.sessionId,
    queuedAt: new Date().toISOString(),
    request,
  });
  return requestId;
}

async function curbsideOrder(): Promise<Order> {
  const order = await placed(buyer, {
    sellerId: SHOP,
    items: [await line(t, RICE, 1)],
    deliveryType: 'curbside',
    vehicleNo: 'TN67AB1234',
  });
  await opsStep(t, order.id, 'accept');
  return order;
}

describe('curbside check-ins sent from the offline buffer', () => {
  it('"On my way" and "I\'m here" published over the live connection move the order, told as this device\'s', async () => {
    const order = await curbsideOrder();
    await publish(buyer, { type: 'curbsideOnMyWay', orderId: order.id, landmark: 'Blue gate' });
    await until(async () => expect((await getOrder(buyer, order.id)).checkin.onMyWayAt).toBeTruthy());
    await opsStep(t, order.id, 'pack');
    await opsStep(t, order.id, 'ready-for-pickup');
    await publish(buyer, { type: 'curbsideArrived', orderId: order.id, bay: '4' });
    const arrived = await buyer.heard('orderArrived');
    expect(arrived.SessionID).toBe(buyer.sessionId);
    expect(await getOrder(buyer, order.id)).toMatchObject({ state: 'arrived', checkin: { bay: '4' } });
    // The same request again (a QoS 1 resend) changes nothing.
    await publish(buyer, { type: 'curbsideArrived', orderId: order.id, bay: '4' });
    await new Promise((r) => setTimeout(r, 300));
    expect((await getOrder(buyer, order.id)).state).toBe('arrived');
  });

  it('tells the app when the request can no longer be done (the order is not ready)', async () => {
    const order = await curbsideOrder();
    const requestId = await publish(buyer, { type: 'curbsideArrived', orderId: order.id });
    const refused = await buyer.heard('liveRequestRefused');
    expect(refused.data).toMatchObject({
      requestId,
      orderId: order.id,
      reason: 'OrderStateInvalid',
      message: 'Your order is not ready for pickup yet.',
    });
    expect(refused.data.msg).toMatch(/[\u0B80-\u0BFF]/);
    expect((await getOrder(buyer, order.id)).state).toBe('accepted');
  });

  it('acts only for the user the token names: a forged topic or a bad token is dropped', async () => {
    const order = await curbsideOrder();
    await opsStep(t, order.id, 'pack');
    await opsStep(t, order.id, 'ready-for-pickup');
    // Another user's token on the buyer's topic, and the buyer's order with a token that is no good.
    await publish(other, { type: 'curbsideArrived', orderId: order.id }, { topicUser: buyer.userId });
    await t.ctx.realtime.publish(TOPICS.userRequests(buyer.userId), {
      requestId: 'forged-1234',
      token: 'not-a-token',
      sessionId: null,
      queuedAt: new Date().toISOString(),
      request: { type: 'curbsideArrived', orderId: order.id },
    });
    // Someone else's order from their own account: not found, told to them only.
    await publish(other, { type: 'curbsideArrived', orderId: order.id });
    const refused = await other.heard('liveRequestRefused');
    expect(refused.data).toMatchObject({ orderId: order.id, reason: 'ResourceNotFound' });
    expect((await getOrder(buyer, order.id)).state).toBe('ready_for_pickup');
    expect(buyer.named('orderArrived').filter((e) => e.data.id === order.id)).toEqual([]);
  });
});
