import { type EventName, type EventPayload, TOPICS } from '@petti/shared';
import type { Localized } from '../../db/columns.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { eventTexts, type TextContext } from './event-texts.ts';
import type { PaymentObject } from './ports.ts';
import type { BookingRow } from './schema.ts';

/** The booking as events carry it: enough to update a screen; never the PIN (the app fetches it). */
export function bookingSummary(b: BookingRow) {
  return {
    id: b.id,
    state: b.state,
    siteId: b.siteId,
    size: b.size,
    lockerId: b.lockerId,
    scheduled: b.scheduled,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    holdExpiresAt: b.holdExpiresAt?.toISOString() ?? null,
    hasPin: b.pin !== null,
    pinExpiresAt: b.pinExpiresAt?.toISOString() ?? null,
  };
}

export interface EmitInput {
  userId: string;
  event: EventName;
  site: { id: string; name: Localized };
  booking?: BookingRow | null;
  /** The device session (x-session-id) whose request caused it; null for timers and hardware. */
  sessionId?: string | null;
  /** `data.code`: an error code for refusals, else the booking's state. */
  code?: string;
  isRequirePricing?: boolean;
  payment?: PaymentObject | null;
  /** Picks the wording (e.g. why a booking timed out) and is sent as `data.reason`. */
  reason?: string;
  text?: Partial<TextContext>;
  extra?: Record<string, unknown>;
}

/**
 * Writes the event payload of docs/lockers.md, `{ event, data: { message, code, msg,
 * isRequirePricing, isRequirePrice, dlb_session_id, … }, SessionID }`, to `users/{id}/events`
 * through the outbox (published after commit), and keeps it as a notification when it is worth
 * keeping. `message` is English, `msg` Tamil.
 */
export function createEmitter(deps: { outbox: EventOutbox; notifications: NotificationsService }) {
  return async function emit(fx: Effects, input: EmitInput): Promise<void> {
    const b = input.booking ?? null;
    const texts = eventTexts(input.event, {
      site: input.site.name,
      size: b?.size ?? '',
      locker: b?.lockerId ? lockerLabel(b.lockerId, b.siteId) : null,
      startsAt: b?.startsAt,
      endsAt: b?.endsAt,
      reason: input.reason,
      ...input.text,
    });
    const pricing = input.isRequirePricing ?? false;
    const payload: EventPayload = {
      event: input.event,
      data: {
        message: texts.body.en,
        msg: texts.body.ta,
        title: texts.title,
        code: input.code ?? b?.state ?? input.event,
        isRequirePricing: pricing,
        isRequirePrice: pricing,
        ...(input.sessionId ? { dlb_session_id: input.sessionId } : {}),
        siteId: input.site.id,
        ...(b ? { bookingId: b.id, booking: bookingSummary(b) } : {}),
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.payment ? { payment: input.payment } : {}),
        ...input.extra,
      },
      SessionID: input.sessionId ?? null,
    };
    deps.outbox.enqueue(fx, TOPICS.userEvents(input.userId), payload);
    if (texts.keep) {
      await deps.notifications.add(fx.tx, {
        userId: input.userId,
        kind: input.event,
        title: texts.title,
        body: texts.body,
        data: {
          event: input.event,
          siteId: input.site.id,
          ...(b ? { bookingId: b.id, state: b.state } : {}),
          ...(input.reason ? { reason: input.reason } : {}),
        },
      });
    }
  };
}
export type Emit = ReturnType<typeof createEmitter>;

/** `bus-stand-M03` → `M03`: what the locker door shows. */
export function lockerLabel(lockerId: string, siteId: string): string {
  return lockerId.startsWith(`${siteId}-`) ? lockerId.slice(siteId.length + 1) : lockerId;
}
