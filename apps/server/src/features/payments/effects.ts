import { type EventName, type EventPayload, TOPICS } from '@petti/shared';
import { formatRupees } from '@petti/shared/rules/money';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Localized } from '../../db/columns.ts';
import type { Realtime } from '../../realtime/realtime.ts';

/**
 * Real-time events a payment flow wants to send. They are collected inside the transaction and
 * published only after it commits, so no device hears of a change that rolled back.
 */
export interface Effects {
  publish(
    userId: string,
    event: EventName,
    data: { id: string } & Record<string, unknown>,
    text: Localized,
  ): void;
}

export class EffectQueue implements Effects {
  private readonly events: Array<{ userId: string; payload: EventPayload }> = [];

  constructor(private readonly sessionId: string | null) {}

  publish(userId: string, event: EventName, data: { id: string } & Record<string, unknown>, text: Localized) {
    this.events.push({
      userId,
      // The seed's payload: `message` in English, `msg` in Tamil, `code` the event's name.
      payload: {
        event,
        data: { message: text.en, code: event, msg: text.ta, ...data },
        SessionID: this.sessionId,
      },
    });
  }

  /** After commit. A broker hiccup never fails the request: the HTTP answer is the truth. */
  async flush(realtime: Realtime, log: Logger): Promise<void> {
    for (const { userId, payload } of this.events.splice(0)) {
      try {
        await realtime.publish(TOPICS.userEvents(userId), payload, { qos: 1 });
      } catch (err) {
        log.warn({ err, event: payload.event }, 'could not publish a payment event');
      }
    }
  }
}

export const EVENT_TEXT = {
  paymentCaptured: { en: 'Payment received.', ta: 'கட்டணம் பெறப்பட்டது.' },
  paymentFailed: { en: 'The payment failed.', ta: 'கட்டணம் தோல்வியடைந்தது.' },
  paymentRefunded: { en: 'A refund is on its way.', ta: 'பணம் திருப்பி அனுப்பப்படுகிறது.' },
  subscriptionActivated: { en: 'Your plan is active.', ta: 'உங்கள் திட்டம் செயலில் உள்ளது.' },
} as const satisfies Record<string, Localized>;

/** The stored notification for a refund: the amount in the title, what it paid for below. */
export const refundTitle = (amountPaise: number): Localized => ({
  en: `${formatRupees(amountPaise)} refunded`,
  ta: `${formatRupees(amountPaise)} திருப்பி அனுப்பப்பட்டது`,
});

export const refundBody = (paidFor: Localized): Localized => ({
  en: `${paidFor.en}. Banks usually show it within 5–7 working days.`,
  ta: `${paidFor.ta}. வங்கிகள் பொதுவாக 5–7 வேலை நாட்களில் காட்டும்.`,
});
