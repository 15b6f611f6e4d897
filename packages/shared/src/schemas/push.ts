import { z } from 'zod';
import { EVENTS } from '../events.ts';

/**
 * Alerts outside the app (Web Push; docs/alerts.md). Each alert is a preference the shopper can turn
 * off in /settings; each stands for the events whose notification it sends.
 */
export const PUSH_ALERTS = [
  'lockerEnding',
  'overstay',
  'waitlistOffer',
  'bookingChanged',
  'parcelInLocker',
  'orderOnTheWay',
  'refund',
  'membership',
  'orderChanged',
  'shopOrders',
  'lockerSites',
  'planRenewal',
  'moneyChecks',
] as const;
export type PushAlert = (typeof PUSH_ALERTS)[number];

const ALERT_OF_EVENT: Record<string, PushAlert> = {
  [EVENTS.bookingEndingSoon]: 'lockerEnding',
  [EVENTS.bookingExpired]: 'overstay',
  [EVENTS.availableLockerFound]: 'waitlistOffer',
  [EVENTS.sameSizeScheduledBookingOffered]: 'waitlistOffer',
  [EVENTS.otherSizeLockersReceived]: 'waitlistOffer',
  [EVENTS.bookingStatusChanged]: 'bookingChanged',
  [EVENTS.userBookingDeleted]: 'bookingChanged',
  [EVENTS.bookingCreatedExtended]: 'bookingChanged',
  [EVENTS.orderInLocker]: 'parcelInLocker',
  [EVENTS.orderOutForDelivery]: 'orderOnTheWay',
  [EVENTS.orderReadyForPickup]: 'orderOnTheWay',
  [EVENTS.paymentRefunded]: 'refund',
  [EVENTS.complexMembershipDecided]: 'membership',
  [EVENTS.orderSubstituteOffered]: 'orderChanged',
  [EVENTS.orderItemUnavailable]: 'orderChanged',
  [EVENTS.shopNewOrder]: 'shopOrders',
  // Not a live event: a notification kept for Petti's operators (docs/lockers.md#operators).
  operatorSiteOffline: 'lockerSites',
  // Not a live event: wrong PINs closed a site's keypad (docs/locker-protocol.md#guessing).
  operatorKeypadClosed: 'lockerSites',
  // Not live events: a plan's automatic renewal could not charge (docs/payments.md#automatic-renewal).
  planRenewalFailed: 'planRenewal',
  planRenewalStopped: 'planRenewal',
  // Not a live event: money that does not add up, kept for Petti's operators (docs/payments.md#money-checks).
  moneyCheckFailed: 'moneyChecks',
};

/** Alerts for the people who run a shop or the locker network; the settings show them only to those. */
export const WORK_ALERTS: Readonly<Partial<Record<PushAlert, 'shop' | 'operator'>>> = {
  shopOrders: 'shop',
  lockerSites: 'operator',
  moneyChecks: 'operator',
};

/**
 * The alerts that must not be missed: sent by SMS to a user with no browser taking alerts. Texts go
 * out only in `SMS_ALERT_HOURS` (town time), except an overstay, which costs money by the hour.
 */
export const SMS_ALERTS: readonly PushAlert[] = ['overstay', 'parcelInLocker', 'lockerSites'];
/** Texted at any hour: an overstay costs money by the hour, and a site offline shuts shoppers' things in. */
export const SMS_ANY_HOUR: readonly PushAlert[] = ['overstay', 'lockerSites'];
export const SMS_ALERT_HOURS = { open: '08:00', close: '21:00' } as const;

/** The alert a notification of this kind belongs to; null: it stays in the in-app inbox only. */
export const pushAlertOf = (kind: string): PushAlert | null => ALERT_OF_EVENT[kind] ?? null;

/** `GET /api/push/key` (public): the server's VAPID public key, for `pushManager.subscribe`. */
export const pushKeySchema = z.object({ publicKey: z.string() });

const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, 'base64url');

/** `POST /api/push/subscriptions`: the browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({ p256dh: base64url.min(80).max(100), auth: base64url.min(16).max(32) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/**
 * `POST /api/push/subscriptions/renew` (no sign-in: the service worker has no token): the browser
 * replaced its subscription (`pushsubscriptionchange`); the old endpoint, an unguessable URL only the
 * browser and Petti know, vouches for the new one.
 */
export const pushRenewBody = z.object({
  oldEndpoint: z.string().min(1).max(2048),
  subscription: pushSubscriptionBody,
});

/** `DELETE /api/push/subscriptions`. */
export const pushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2048) });

/** `GET`/`PUT /api/push/preferences`: each alert on or off (all on until changed). */
export const pushPreferencesSchema = z.object({
  alerts: z.object(
    Object.fromEntries(PUSH_ALERTS.map((a) => [a, z.boolean()])) as Record<PushAlert, z.ZodBoolean>,
  ),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** What the service worker receives: the notification's words in both languages and where a tap goes. */
export interface PushPayload {
  id: string;
  alert: PushAlert;
  title: { en: string; ta: string };
  body: { en: string; ta: string };
  /** The app page a tap opens. */
  url: string;
}
