import type { DbOrTx } from '../../../db/client.ts';
import { providerId } from './provider.ts';
import { testpayEvents } from './route-schema.ts';

/**
 * Queues one webhook as Razorpay shapes it (`payload.{name}.entity` for each entity it contains);
 * the webhook sender signs and delivers it, retrying until Petti takes it (webhooks.ts).
 */
export async function queueEvent(
  q: DbOrTx,
  now: Date,
  input: { event: string; account: string; entities: Record<string, Record<string, unknown>> },
): Promise<void> {
  const createdAt = Math.floor(now.getTime() / 1000);
  await q.insert(testpayEvents).values({
    id: providerId('evt'),
    event: input.event,
    body: JSON.stringify({
      entity: 'event',
      account_id: input.account,
      event: input.event,
      contains: Object.keys(input.entities),
      payload: Object.fromEntries(Object.entries(input.entities).map(([name, entity]) => [name, { entity }])),
      created_at: createdAt,
    }),
    nextAt: now,
    createdAt: now,
  });
}
