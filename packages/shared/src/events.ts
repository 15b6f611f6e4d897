/**
 * Real-time event names (docs/product.md#event-names). The fixed names listed there are spelled
 * exactly so; the rest are camelCase. Features add theirs here so app and server share one list.
 */
export const EVENTS = {
  // fixed names (docs/product.md#event-names), spelled exactly so
  UserNotEnable: 'UserNotEnable',
  lockerOffline: 'lockerOffline',
  availableLockerFound: 'availableLockerFound',
  updateExpiredBookingTaskToken: 'updateExpiredBookingTaskToken',
  PaymentUpdatedException: 'PaymentUpdatedException',
  cartItemsError: 'cartItemsError',
  ConditionalCheckFailedException: 'ConditionalCheckFailedException',
  AddressLongDistance: 'AddressLongDistance',
  LockerLongDistance: 'LockerLongDistance',
  /** Sign-in sessions ended (signed out, or everywhere): `data.sessionIds`; an app whose own is among them clears. */
  sessionEnded: 'sessionEnded',
  /**
   * Something the app published while offline (a curbside check-in) could not be done when it arrived:
   * `data.requestId`, `data.orderId`, `data.reason` (the error code), the text why.
   */
  liveRequestRefused: 'liveRequestRefused',
  // payments and plans
  paymentCaptured: 'paymentCaptured',
  paymentFailed: 'paymentFailed',
  paymentRefunded: 'paymentRefunded',
  subscriptionActivated: 'subscriptionActivated',
  /** A plan's automatic renewal charge failed (`data.retryAt`, or null once halted; `data.endsAt`). */
  subscriptionRenewalFailed: 'subscriptionRenewalFailed',
  // Locker bookings (camelCase). docs/lockers.md says when each fires.
  bookingCreated: 'bookingCreated',
  bookingCreatedScheduled: 'bookingCreatedScheduled',
  bookingCreatedExtended: 'bookingCreatedExtended',
  bookingCreatedWaitlisted: 'bookingCreatedWaitlisted',
  bookingTimedOut: 'bookingTimedOut',
  bookingReserved: 'bookingReserved',
  waitingForUnlock: 'waitingForUnlock',
  unlockStatus: 'unlockStatus',
  pinExpiryUpdated: 'pinExpiryUpdated',
  /** A new PIN was issued (scheduled 15 min ahead, after an open, renewed). */
  dynamicPinChanged: 'dynamicPinChanged',
  dynamicPinDeleted: 'dynamicPinDeleted',
  bookingEnded: 'bookingEnded',
  /** The booking's time ends in 15 minutes (a reminder: extend, or empty the locker). */
  bookingEndingSoon: 'bookingEndingSoon',
  bookingExpired: 'bookingExpired',
  bookingStatusChanged: 'bookingStatusChanged',
  userBookingDeleted: 'userBookingDeleted',
  attentionRequired: 'attentionRequired',
  /**
   * Too many wrong PINs at the site: its keypad takes none until `data.until`; the lockers there open
   * from the app meanwhile.
   */
  keypadPaused: 'keypadPaused',
  /**
   * Something of the locker network changed that its operators' console shows (a site offline or
   * back, a locker needing attention): sent to every operator, `data.siteId`; the console reads again.
   */
  lockerNetworkChanged: 'lockerNetworkChanged',
  /**
   * A locker site closed for repairs or reopened, went offline or came back: published on
   * `TOPICS.lockerSites` for every shopper with the sites open, `data.siteId`; the app reads them again.
   */
  lockerSitesChanged: 'lockerSitesChanged',
  otherSizeLockersReceived: 'otherSizeLockersReceived',
  sameSizeScheduledBookingOffered: 'sameSizeScheduledBookingOffered',
  otherAvailabilityData: 'otherAvailabilityData',
  // Orders (docs/marketplace.md "Orders"): one event per change, `data.id` = the order id.
  orderCreated: 'orderCreated',
  orderPlaced: 'orderPlaced',
  orderAccepted: 'orderAccepted',
  orderPacked: 'orderPacked',
  orderOutForDelivery: 'orderOutForDelivery',
  orderDelivered: 'orderDelivered',
  orderInLocker: 'orderInLocker',
  orderCollected: 'orderCollected',
  orderReadyForPickup: 'orderReadyForPickup',
  orderOnMyWay: 'orderOnMyWay',
  orderArrived: 'orderArrived',
  orderHandedOver: 'orderHandedOver',
  orderCancelled: 'orderCancelled',
  orderTimedOut: 'orderTimedOut',
  /**
   * The shop did not have an item (docs/shops.md#an-item-is-not-there): `data.vrntId`, `data.quantity`,
   * `data.refundPaise`. Also sent when a substitute is declined or left unanswered.
   */
  orderItemUnavailable: 'orderItemUnavailable',
  /** The shop offers a substitute: `data.substitution` (accept or decline in the app before `expiresAt`). */
  orderSubstituteOffered: 'orderSubstituteOffered',
  /** The buyer accepted a substitute: `data.substitutionId`, `data.refundPaise` (a cheaper one's difference). */
  orderSubstituteAccepted: 'orderSubstituteAccepted',
  /** A parcel was not collected within its 48 h locker hold (not a state: the shop takes it back). */
  orderPickupExpired: 'orderPickupExpired',
  // The shop's side (docs/shops.md#live-updates): order changes on the shop's topic, the rest on each member's own.
  /** One of the shop's orders changed: `data.shopId`, `data.orderId`, `data.state`, `data.event` (the buyer's event). */
  shopOrderChanged: 'shopOrderChanged',
  /** A new paid order waits on the shop's board: a notification (and an alert) for each member. */
  shopNewOrder: 'shopNewOrder',
  /**
   * A shop changed products shoppers may have open (price, MRP, stock, names, photo): `data.shopId`,
   * `data.productIds`, on the shop's products topic, which any signed-in user may listen to.
   */
  shopProductsChanged: 'shopProductsChanged',
  /** Someone was added to or removed from a shop: `data.shopId`, `data.role` (null once removed). */
  shopMembershipChanged: 'shopMembershipChanged',
  // Grab-and-go (docs/grab-and-go.md): `data.id` = the purchase id.
  grabPurchasePaid: 'grabPurchasePaid',
  grabPassUsed: 'grabPassUsed',
  // The complex marketplace (docs/complex.md).
  /** The admin approved or refused a request to join; `data.status`. */
  complexMembershipDecided: 'complexMembershipDecided',
  /** Someone asked to join the admin's complex. */
  complexJoinRequested: 'complexJoinRequested',
  /** An order between residents changed; sent to both sides, `data.id`, `data.state`. */
  complexOrderChanged: 'complexOrderChanged',
  /** One of my listings changed (sold, sold out, hidden by the admin); `data.id`. */
  complexListingChanged: 'complexListingChanged',
} as const;
export type EventName = (typeof EVENTS)[keyof typeof EVENTS] | (string & {});

/**
 * docs/product.md#event-payload: `{ event, data: { message, code, msg, isRequirePricing, isRequirePrice,
 * dlb_session_id }, SessionID }`.
 */
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

/**
 * Why the app's live connection could not be opened (docs/product.md#real-time-connection): only a signed-in user with a session may
 * connect, and without one the connection fails with this error, word for word.
 */
export const NO_AUTH_SESSION_CREDENTIALS = 'No auth session credentials';

/**
 * MQTT topics. User topics are `users/{userId}/…`; a shop's board listens on `shops/{shopId}/events`
 * (its members only); controllers use `lockers/{siteId}/…`.
 */
export const TOPICS = {
  userEvents: (userId: string) => `users/${userId}/events`,
  userRoot: (userId: string) => `users/${userId}/#`,
  /** What the app publishes (curbside check-ins, kept in its offline buffer until sent). */
  userRequests: (userId: string) => `users/${userId}/requests`,
  /** A shop's order board: every change of its paid orders (docs/shops.md#live-updates). */
  shopEvents: (shopId: string) => `shops/${shopId}/events`,
  /** A shop's products changed (prices are public): any signed-in user with one open listens. */
  shopProducts: (shopId: string) => `shops/${shopId}/products`,
  lockerState: (siteId: string) => `lockers/${siteId}/state`,
  lockerKeypad: (siteId: string) => `lockers/${siteId}/keypad`,
  lockerCommands: (siteId: string) => `lockers/${siteId}/commands`,
  /** What every shopper sees of the sites changed (closed, reopened, offline, back): any signed-in user. */
  lockerSites: 'public/locker-sites',
} as const;

/**
 * App-internal event the real-time client re-broadcasts every message as
 * (docs/product.md#real-time-connection).
 */
export const GETTING_EVENTS = 'gettingEvents';
