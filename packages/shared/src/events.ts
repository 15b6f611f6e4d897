/**
 * Real-time event names (PRODUCT.md "Real-time events"). The seed's names are kept verbatim;
 * the rest are camelCase. Features add theirs here so app and server share one list.
 */
export const EVENTS = {
  // seed names, verbatim
  UserNotEnable: 'UserNotEnable',
  lockerOffline: 'lockerOffline',
  availableLockerFound: 'availableLockerFound',
  updateExpiredBookingTaskToken: 'updateExpiredBookingTaskToken',
  PaymentUpdatedException: 'PaymentUpdatedException',
  cartItemsError: 'cartItemsError',
  ConditionalCheckFailedException: 'ConditionalCheckFailedException',
  AddressLongDistance: 'AddressLongDistance',
  LockerLongDistance: 'LockerLongDistance',
} as const;
export type EventName = (typeof EVENTS)[keyof typeof EVENTS] | (string & {});

/** The seed's payload: `{ event, data: { message, code, msg, isRequirePricing, isRequirePrice, dlb_session_id }, SessionID }`. */
export interface EventPayload<D extends Record<string, unknown> = Record<string, unknown>> {
  event: EventName;
  data: {
    message?: string;
    code?: string;
    msg?: string;
    isRequirePricing?: boolean;
    isRequirePrice?: boolean;
    dlb_session_id?: string;
  } & D;
  SessionID: string | null;
}

/** MQTT topics. User topics are `users/{userId}/…`; controllers use `lockers/{siteId}/…`. */
export const TOPICS = {
  userEvents: (userId: string) => `users/${userId}/events`,
  userRoot: (userId: string) => `users/${userId}/#`,
  lockerState: (siteId: string) => `lockers/${siteId}/state`,
  lockerKeypad: (siteId: string) => `lockers/${siteId}/keypad`,
  lockerCommands: (siteId: string) => `lockers/${siteId}/commands`,
} as const;

/** App-internal event the real-time client re-broadcasts every message as (seed §7). */
export const GETTING_EVENTS = 'gettingEvents';
