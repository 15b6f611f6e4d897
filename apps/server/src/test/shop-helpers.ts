import { type EventPayload, TOPICS } from '@petti/shared';
import type { ShopRole } from '@petti/shared/schemas/shops';
import { shopMembers } from '../features/sellers/schema.ts';
import type { TestApp } from './helper.ts';
import { type Shopper, shopper } from './locker-helpers.ts';

/**
 * A signed-up person written in as a shop's owner or staff (adding people is tested through its route),
 * who also hears the shop's board topic as the app's board does while open. Who the broker lets onto
 * that topic is tested over MQTT itself (features/auth/broker-rules.test.ts).
 */
export async function shopMember(t: TestApp, shopId: string, role: ShopRole = 'staff'): Promise<Shopper> {
  const who = await shopper(t);
  await t.ctx.database.db
    .insert(shopMembers)
    .values({ shopId, phone: `91${who.phone}`, role, addedAt: t.clock.now(), addedBy: 'test' });
  const stopBoard = await t.ctx.realtime.subscribe(TOPICS.shopEvents(shopId), (_topic, payload) => {
    who.events.push(JSON.parse(payload.toString()) as EventPayload);
  });
  return {
    ...who,
    stop: async () => {
      await stopBoard();
      await who.stop();
    },
  };
}

/** One shop step as a member: `POST /api/shops/:shopId/orders/:id/:step`. */
export function shopStep(who: Shopper, shopId: string, id: string, step: string, body: object = {}) {
  return who.call('POST', `/api/shops/${shopId}/orders/${id}/${step}`, body);
}
