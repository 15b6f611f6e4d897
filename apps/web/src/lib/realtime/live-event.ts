import { EVENTS, type EventPayload } from '@petti/shared/events';

/**
 * A real-time event as the server publishes it to `users/{id}/events` (docs/lockers.md,
 * docs/product.md#event-payload). `data` also names what it is about: `bookingId`, `orderId` or `id`.
 */
export type LiveEvent = EventPayload<Record<string, unknown>>;

/** The event in a message, or null for anything that is not one (never throws). */
export function parseLiveEvent(text: string): LiveEvent | null {
  try {
    const value = JSON.parse(text) as Partial<LiveEvent> | null;
    if (!value || typeof value.event !== 'string' || !value.event) return null;
    const data = value.data && typeof value.data === 'object' ? value.data : {};
    const session = typeof value.SessionID === 'string' ? value.SessionID : null;
    return { event: value.event, data, SessionID: session };
  } catch {
    return null;
  }
}

/** The text to show for an event in the app's language (`message` is English, `msg` Tamil). */
export function eventText(e: LiveEvent, language: 'en' | 'ta'): string | null {
  const text = language === 'ta' ? (e.data.msg ?? e.data.message) : (e.data.message ?? e.data.msg);
  return typeof text === 'string' && text.trim() ? text : null;
}

const ERROR_EVENTS = new Set<string>([
  EVENTS.bookingTimedOut,
  EVENTS.bookingExpired,
  EVENTS.updateExpiredBookingTaskToken,
  EVENTS.attentionRequired,
  EVENTS.UserNotEnable,
  EVENTS.lockerOffline,
  EVENTS.paymentFailed,
  EVENTS.subscriptionRenewalFailed,
  EVENTS.orderTimedOut,
  EVENTS.orderCancelled,
  EVENTS.orderPickupExpired,
  EVENTS.liveRequestRefused,
]);
const SUCCESS_EVENTS = new Set<string>([
  EVENTS.bookingReserved,
  EVENTS.bookingCreatedScheduled,
  EVENTS.bookingCreatedExtended,
  EVENTS.bookingEnded,
  EVENTS.availableLockerFound,
  EVENTS.paymentCaptured,
  EVENTS.paymentRefunded,
  EVENTS.subscriptionActivated,
  EVENTS.orderPlaced,
  EVENTS.orderDelivered,
  EVENTS.orderInLocker,
  EVENTS.orderReadyForPickup,
]);

/**
 * The toast colour an event deserves (docs/product.md#real-time-connection: red for what went wrong, green
 * for what went right).
 */
export function eventVariant(e: LiveEvent): 'success' | 'error' | 'info' {
  if (e.event === EVENTS.unlockStatus) return e.data.ok === false ? 'error' : 'success';
  if (ERROR_EVENTS.has(e.event)) return 'error';
  if (SUCCESS_EVENTS.has(e.event)) return 'success';
  return 'info';
}

/** Events that only move the screen along and say nothing a person needs to read. */
const SILENT_EVENTS = new Set<string>([
  EVENTS.dynamicPinChanged,
  EVENTS.pinExpiryUpdated,
  EVENTS.dynamicPinDeleted,
  EVENTS.waitingForUnlock,
  EVENTS.bookingCreated,
  EVENTS.lockerNetworkChanged,
]);

export function isSilent(e: LiveEvent): boolean {
  return SILENT_EVENTS.has(e.event);
}
