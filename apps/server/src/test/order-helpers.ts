import type { Order } from '@petti/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEV_OPS_TOKEN } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { addresses } from '../features/addresses/schema.ts';
import { productVariants } from '../features/catalog/schema.ts';
import { newId } from '../platform/ids.ts';
import type { TestApp } from './helper.ts';
import type { Shopper } from './locker-helpers.ts';

/** Saves an address for a user straight into the table (the addresses API is its own feature's). */
export async function addAddress(
  t: TestApp,
  userId: string,
  at: { lat: number; lng: number },
): Promise<string> {
  const id = newId();
  await t.ctx.database.db
    .insert(addresses)
    .values({ id, userId, label: 'Home', line1: '4 Test Street, Sivakasi', lat: at.lat, lng: at.lng });
  return id;
}

export async function variant(t: TestApp, vrntId: string) {
  const [v] = await t.ctx.database.db.select().from(productVariants).where(eq(productVariants.id, vrntId));
  if (!v) throw new Error(`no variant ${vrntId}`);
  return v;
}

export function setStock(t: TestApp, vrntId: string, inventory: number): Promise<void> {
  return setStockIn(t.ctx.database.db, vrntId, inventory);
}

/** Sets a variant's stock on this connection or inside this transaction. */
export async function setStockIn(q: DbOrTx, vrntId: string, inventory: number): Promise<void> {
  await q.update(productVariants).set({ inventory }).where(eq(productVariants.id, vrntId));
}

/** A cart line as the app sends it: the price the buyer saw, in rupees. */
export async function line(t: TestApp, vrntId: string, quantity = 1) {
  const v = await variant(t, vrntId);
  return { vrntId, quantity, productPrice: v.pricePaise / 100 };
}

let keys = 0;
export const freshKey = () => `order-key-${process.pid}-${++keys}-${Date.now()}`;

export function placeOrder(who: Shopper, body: object, key = freshKey()) {
  return who.call('POST', '/api/orders', body, { 'idempotency-key': key });
}

export async function placed(who: Shopper, body: object): Promise<Order> {
  const res = await placeOrder(who, body);
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as Order;
  expect(order.state).toBe('awaiting_payment');
  const paid = await who.pay(order.payment!);
  expect(paid.statusCode, paid.body).toBe(200);
  const after = await getOrder(who, order.id);
  expect(after.state).toBe('placed');
  return after;
}

export async function getOrder(who: Shopper, id: string): Promise<Order> {
  const res = await who.call('GET', `/api/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

/** One shop step through the ops API. */
export function ops(t: TestApp, id: string, action: string, token = DEV_OPS_TOKEN) {
  return t.app.inject({
    method: 'POST',
    url: `/api/ops/orders/${id}/${action}`,
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });
}

export async function opsStep(t: TestApp, id: string, action: string): Promise<Order> {
  const res = await ops(t, id, action);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}
