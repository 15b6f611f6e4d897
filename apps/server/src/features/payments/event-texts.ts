import { formatRupees } from '@petti/shared/rules/money';
import type { Localized } from '../../db/columns.ts';

export const EVENT_TEXT = {
  paymentCaptured: { en: 'Payment received.', ta: 'கட்டணம் பெறப்பட்டது.' },
  paymentFailed: { en: 'The payment failed.', ta: 'கட்டணம் தோல்வியடைந்தது.' },
  paymentRefunded: { en: 'A refund is on its way.', ta: 'பணம் திருப்பி அனுப்பப்படுகிறது.' },
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
