import { type EventName, type EventPayload, TOPICS } from '@petti/shared';
import type { Localized } from '../../db/columns.ts';
import type { EventOutbox } from './outbox.ts';
import type { Effects } from './transactor.ts';

export interface UserEventInput {
  userId: string;
  event: EventName;
  /** What the event is about; `id` names it (a payment, a plan…). */
  data: { id: string } & Record<string, unknown>;
  text: Localized;
  /** The device session whose request caused it, so that device can tell its own changes apart. */
  sessionId?: string | null;
}

/**
 * The app's event payload (`{ event, data: { message, code, msg, … }, SessionID }`, docs/product.md
 * "Real-time events") written to the user's topic through the outbox, in the caller's transaction.
 * `message` is English, `msg` Tamil, `code` the event's name.
 */
export function createUserEvents(outbox: EventOutbox) {
  return {
    async emit(fx: Effects, input: UserEventInput): Promise<void> {
      const payload: EventPayload = {
        event: input.event,
        data: { message: input.text.en, code: input.event, msg: input.text.ta, ...input.data },
        SessionID: input.sessionId ?? null,
      };
      outbox.enqueue(fx, TOPICS.userEvents(input.userId), payload);
    },
  };
}

export type UserEvents = ReturnType<typeof createUserEvents>;
