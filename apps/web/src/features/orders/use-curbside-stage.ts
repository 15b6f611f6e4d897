import { type CurbsideStage, curbsideStage } from '@petti/shared/rules/curbside';
import type { Order } from '@petti/shared/schemas/orders';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

/** setTimeout's longest wait; an opening further ahead is looked at again after it. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * The order's curbside stage by the server's clock. An order placed for opening time turns from
 * `scheduled` to `waiting` when the shop opens, with the page left open: a timer for that moment,
 * not a clock ticking every second for hours.
 */
export function useCurbsideStage(
  order: Pick<Order, 'state' | 'deliveryType' | 'scheduledFor'>,
): CurbsideStage {
  const [nowMs, setNowMs] = useState(() => api.serverNow());
  const stage = curbsideStage(order, Math.max(nowMs, api.serverNow()));
  useEffect(() => {
    if (stage !== 'scheduled' || !order.scheduledFor) return;
    const wait = Date.parse(order.scheduledFor) - api.serverNow();
    const timer = setTimeout(
      () => setNowMs(api.serverNow()),
      Math.min(Math.max(wait, 0) + 250, LONGEST_WAIT_MS),
    );
    return () => clearTimeout(timer);
  }, [stage, order.scheduledFor]);
  return stage;
}
