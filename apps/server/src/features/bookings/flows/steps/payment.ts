import { eq } from 'drizzle-orm';
import type { Localized } from '../../../../db/columns.ts';
import { dbStep } from '../../../../platform/flows/steps.ts';
import type { BookingCore } from '../../core.ts';
import type {
  LockerPaymentPurpose,
  OpenedOrder,
  PaymentDraft,
  PaymentObject,
  PaymentsPort,
} from '../../ports.ts';
import type { SiteRow } from '../../repo.ts';
import { type BookingRow, bookingCharges, type ChargeRow } from '../../schema.ts';

const DESCRIPTIONS: Record<
  LockerPaymentPurpose,
  (site: Localized, size: string, hours: number) => Localized
> = {
  booking: (s, size, h) => ({
    en: `Locker ${size} at ${s.en}, ${h} h`,
    ta: `${s.ta} இல் ${size} அளவு லாக்கர், ${h} மணி`,
  }),
  extension: (s, size, h) => ({
    en: `Locker ${size} at ${s.en}, extension of ${h} h`,
    ta: `${s.ta} இல் ${size} அளவு லாக்கர், ${h} மணி நீட்டிப்பு`,
  }),
  overstay: (s, size, h) => ({
    en: `Locker ${size} at ${s.en}, overstay of ${h} h`,
    ta: `${s.ta} இல் ${size} அளவு லாக்கர், ${h} மணி கூடுதல் நேரம்`,
  }),
};

/** The payment a pending charge needs, named and checked (not yet opened at the provider). */
export const draftFor = (payments: PaymentsPort, b: BookingRow, site: SiteRow, charge: ChargeRow) =>
  payments.draft({
    userId: b.userId,
    purpose: charge.kind,
    subjectId: b.id,
    amountPaise: charge.amountPaise,
    taxPaise: charge.taxPaise,
    description: DESCRIPTIONS[charge.kind](site.name, b.size, charge.hours),
  });

/** Which event tells the user the payment is open: each money path has its own (docs/product.md#event-names). */
export type Announce = 'created' | 'waitlist' | 'extension' | 'overstay';

export interface RecordInput {
  bookingId: string;
  chargeId: string;
  draft: PaymentDraft;
  opened: OpenedOrder;
  announce: Announce;
  sessionId: string | null;
  /** The booking's site, when the caller has it already: not read again for the event's text. */
  site?: SiteRow;
}

/**
 * Stores the payment the provider opened, links it to its charge and tells the user. Null when the
 * charge is no longer waiting for it (its hold ran out meanwhile): the caller decides what that means.
 */
export function recordPaymentStep(core: BookingCore, payments: PaymentsPort) {
  return dbStep({
    name: 'bookings.record-payment',
    async run(fx, input: RecordInput): Promise<{ booking: BookingRow; payment: PaymentObject } | null> {
      const tx = fx.tx;
      const b = await core.lockBooking(tx, input.bookingId);
      const [charge] = await tx
        .select()
        .from(bookingCharges)
        .where(eq(bookingCharges.id, input.chargeId))
        .for('update');
      if (!b || charge?.state !== 'pending' || charge.paymentId) return null;
      const payment = await payments.record(tx, input.draft, input.opened);
      await tx
        .update(bookingCharges)
        .set({ paymentId: payment.id, payment })
        .where(eq(bookingCharges.id, charge.id));
      const site = input.site?.id === b.siteId ? input.site : await core.siteOf(tx, b.siteId);
      const sessionId = input.sessionId;
      const amountPaise = charge.amountPaise;
      switch (input.announce) {
        case 'created':
        case 'waitlist':
          await core.emit(fx, b, {
            event: input.announce === 'created' ? 'bookingCreated' : 'availableLockerFound',
            sessionId,
            isRequirePricing: true,
            payment,
            site,
            extra: { amountPaise },
          });
          break;
        case 'extension':
          await core.emit(fx, b, {
            event: 'bookingStatusChanged',
            reason: 'extensionPending',
            sessionId,
            isRequirePricing: true,
            payment,
            site,
            extra: { hours: charge.hours, amountPaise },
          });
          break;
        case 'overstay':
          await core.emitOverstayDue(fx, b, site, payment, sessionId, { amountPaise, hours: charge.hours });
          break;
      }
      return { booking: b, payment };
    },
  });
}
