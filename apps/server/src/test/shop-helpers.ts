import type { ShopRole } from '@petti/shared/schemas/shops';
import { shopMembers } from '../features/sellers/schema.ts';
import type { TestApp } from './helper.ts';
import { type Shopper, shopper } from './locker-helpers.ts';

/** A signed-up person written in as a shop's owner or staff (adding people is tested through its route). */
export async function shopMember(t: TestApp, shopId: string, role: ShopRole = 'staff'): Promise<Shopper> {
  const who = await shopper(t);
  await t.ctx.database.db
    .insert(shopMembers)
    .values({ shopId, phone: `91${who.phone}`, role, addedAt: t.clock.now(), addedBy: 'test' });
  return who;
}

/** One shop step as a member: `POST /api/shops/:shopId/orders/:id/:step`. */
export function shopStep(who: Shopper, shopId: string, id: string, step: string, body: object = {}) {
  return who.call('POST', `/api/shops/${shopId}/orders/${id}/${step}`, body);
}
