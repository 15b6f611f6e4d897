import { EVENTS, type EventPayload, TOPICS } from '@petti/shared';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Effects } from '../../platform/events/transactor.ts';

/**
 * What every shopper sees of a site changed (closed for repairs or reopened, offline or back): a
 * silent event on the public sites topic, after commit, so any app showing the sites reads them again
 * at once instead of at its next half-minute refresh (docs/lockers.md#locker-sites).
 */
export function announceSiteChange(outbox: EventOutbox, fx: Effects, siteId: string): void {
  outbox.enqueue(fx, TOPICS.lockerSites, {
    event: EVENTS.lockerSitesChanged,
    data: {
      message: 'Locker sites changed.',
      code: EVENTS.lockerSitesChanged,
      msg: 'லாக்கர் இடங்களில் மாற்றம்.',
      siteId,
    },
    SessionID: null,
  } satisfies EventPayload);
}
