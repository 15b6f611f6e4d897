/**
 * One catalogue of error codes: HTTP status and English text; the Tamil of each is in errors-ta.ts.
 * Generic codes (docs/product.md#errors: Validation, ResourceNotFound, Unauthorized, Conflict,
 * Throttling, InternalFailure, ServiceUnavailable) and domain codes keep the original app's
 * spelling, for compatibility.
 */
export interface ErrorEntry {
  status: number;
  en: string;
}

export const ERRORS = {
  Validation: { status: 400, en: 'Some of the details are not valid.' },
  Unauthorized: {
    status: 401,
    en: 'Please sign in to continue.',
  },
  Forbidden: { status: 403, en: 'You cannot do that.' },
  ResourceNotFound: { status: 404, en: 'We could not find that.' },
  Conflict: {
    status: 409,
    en: 'That changed while you were working. Please try again.',
  },
  MethodNotAllowed: { status: 405, en: 'That address does not take this kind of request.' },
  PayloadTooLarge: { status: 413, en: 'That request is too large.' },
  Throttling: {
    status: 429,
    en: 'Too many attempts. Please wait and try again.',
  },
  InternalFailure: {
    status: 500,
    en: 'Something went wrong,Please try again!',
  },
  ServiceUnavailable: {
    status: 503,
    en: 'The service is not available right now.',
  },
  // Sign-in (docs/product.md#sign-up-and-sign-in-steps; names as the original identity library spelled them).
  EmptyChallengeResponse: {
    status: 400,
    en: 'challengeResponse is required to confirmSignIn',
  },
  SignInException: {
    status: 400,
    en: 'An error occurred during the sign in process. This most likely occurred due to: 1. signIn was not called before confirmSignIn. 2. signIn threw an exception. 3. page was refreshed during the sign in flow.',
  },
  UserNotFoundException: {
    status: 404,
    en: 'No Petti account uses this number yet. Please sign up.',
  },
  CodeMismatchException: {
    status: 400,
    en: 'That code is not right. Please check the SMS and try again.',
  },
  ExpiredCodeException: {
    status: 400,
    en: 'The code has expired. Please ask for a new one.',
  },
  NotAuthorizedException: {
    status: 400,
    en: 'Too many wrong codes. Please ask for a new code.',
  },
  LimitExceededException: {
    status: 429,
    en: 'Too many codes were sent to this number. Please try again later.',
  },
  CodeResendTooSoon: {
    status: 429,
    en: 'Please wait a little before asking for another code.',
  },
  EmailVerificationInvalid: {
    status: 400,
    en: 'This email link is not valid or has expired.',
  },
  NoEmail: {
    status: 400,
    en: 'Add an email address first.',
  },
  // Locker bookings (docs/lockers.md).
  SiteClosed: {
    status: 422,
    en: 'This locker site is closed at that time. Please choose a time within its hours.',
  },
  SiteOutOfService: {
    status: 422,
    en: 'This locker site is closed for repairs. Please choose another site.',
  },
  SizeNotAtSite: {
    status: 422,
    en: 'This site has no lockers of that size.',
  },
  StartNotAllowed: {
    status: 422,
    en: 'A booking can start now or up to 7 days ahead.',
  },
  BookingTooLong: {
    status: 422,
    en: 'A booking can last at most 72 hours, extensions included.',
  },
  TooManyBookings: {
    status: 409,
    en: 'You already have 5 bookings in progress. Finish or cancel one first.',
  },
  BookingStateInvalid: {
    status: 409,
    en: 'This booking cannot do that in its current state.',
  },
  ExtensionOverlaps: {
    status: 409,
    en: 'The locker is booked by someone else right after you, so it cannot be extended that long.',
  },
  ExtensionPending: {
    status: 409,
    en: 'An extension is already waiting for payment.',
  },
  MoveNotPossible: {
    status: 409,
    en: 'Another booking is in the way at that time. Please choose another time.',
  },
  OverstayUnpaid: {
    status: 402,
    en: 'Your booking time is over. Please pay the overstay charge to open the locker.',
  },
  PaymentsUnavailable: {
    status: 503,
    en: 'Payments are not available right now. Please try again shortly.',
  },
  // Domain codes with fixed spellings (docs/product.md#event-names), kept for compatibility.
  UserNotEnable: {
    status: 403,
    en: 'Your account is not enabled for this.',
  },
  lockerOffline: {
    status: 503,
    en: 'This locker site is offline right now. Please choose another site.',
  },
  AddressLongDistance: {
    status: 422,
    en: 'This address is outside the seller’s delivery range.',
  },
  LockerLongDistance: {
    status: 422,
    en: 'This locker is outside the seller’s delivery range.',
  },
  PaymentUpdatedException: {
    status: 409,
    en: 'The price has been updated. Refresh the page to view the new price.',
  },
  ConditionalCheckFailedException: {
    status: 409,
    en: 'Something went wrong,Please try again!',
  },
  cartItemsError: {
    status: 422,
    en: 'Some items in your cart need attention.',
  },
  // Catalog, addresses and cart (docs/marketplace.md).
  /**
   * Thrown as 'DistanceMatrix failed: {status}' (docs/product.md#distance-provider) with the provider's
   * status.
   */
  DistanceMatrixFailed: {
    status: 502,
    en: 'DistanceMatrix failed: UNKNOWN',
  },
  SellerApplicationExists: {
    status: 409,
    en: 'Thank you, we already have an application from this phone number. Our team will call you soon.',
  },
  AddressOutsideTown: {
    status: 422,
    en: 'The pin must be inside Sivakasi.',
  },
  AddressLimitReached: {
    status: 409,
    en: 'You can save up to 20 addresses. Delete one to add another.',
  },
  SellerClosed: {
    status: 409,
    en: 'The shop is closed now. Your cart is kept: please order when it opens.',
  },
  CartOtherSeller: {
    status: 409,
    en: 'A cart holds one shop’s items at a time.',
  },
  // Orders (docs/marketplace.md "Orders").
  OrderStateInvalid: {
    status: 409,
    en: 'This order cannot do that in its current state.',
  },
  OrderNotCancellable: {
    status: 409,
    en: 'This order is already packed, so it can no longer be cancelled.',
  },
  HazardousNotToLocker: {
    status: 422,
    en: 'Fireworks and other hazardous goods cannot go to a parcel locker. Choose home delivery or curbside pickup.',
  },
  SiteNotAcceptingParcels: {
    status: 422,
    en: 'This locker site does not take parcel drops. Please choose another site.',
  },
  OrderScheduled: {
    status: 409,
    en: 'This order was placed for when the shop opens; it can be accepted from then.',
  },
  // The shop's side (docs/shops.md).
  NotShopMember: {
    status: 403,
    en: 'You do not work in this shop. Ask its owner to add your number.',
  },
  ShopOwnerOnly: {
    status: 403,
    en: 'Only the shop’s owner can do that.',
  },
  ShopInactive: {
    status: 403,
    en: 'This shop has been switched off by Petti. Orders cannot be worked until it is switched on again.',
  },
  ItemChangeInvalid: {
    status: 409,
    en: 'That many of this item are not in the order any more.',
  },
  AllItemsUnavailable: {
    status: 409,
    en: 'Nothing would be left in this order. Turn the order down instead, so the buyer gets everything back.',
  },
  SubstitutionPending: {
    status: 409,
    en: 'The buyer has not answered the substitute yet. Wait for the answer (at most 10 minutes).',
  },
  SubstitutionDecided: {
    status: 409,
    en: 'This substitute has already been answered.',
  },
  SubstitutionExpired: {
    status: 409,
    en: 'The time to answer ran out: the item is refunded instead.',
  },
  SubstituteTooDear: {
    status: 422,
    en: 'The substitute costs more than the buyer paid for this item. Offer one at the same price or less.',
  },
  SubstituteOutOfStock: {
    status: 409,
    en: 'The substitute is out of stock.',
  },
  DeliveryProofNeeded: {
    status: 422,
    en: 'Type the code the buyer tells you, or take a photo at the door, to mark it delivered.',
  },
  DeliveryCodeWrong: {
    status: 422,
    en: 'That is not the buyer’s delivery code. Ask them again.',
  },
  DeliveryCodeLocked: {
    status: 423,
    en: 'Three wrong codes: take a photo at the door to mark it delivered.',
  },
  SellerUnavailable: {
    status: 409,
    en: 'This shop is not taking orders on Petti right now.',
  },
  ShopMemberExists: {
    status: 409,
    en: 'That number already works in this shop.',
  },
  LastShopOwner: {
    status: 409,
    en: 'A shop needs an owner. Add another owner before removing this one.',
  },
  OrderTakenByOther: {
    status: 409,
    en: 'Someone else in the shop has already done that.',
  },
  SellerApplicationDecided: {
    status: 409,
    en: 'This application has already been decided.',
  },
  OperatorOnly: {
    status: 403,
    en: 'Only Petti’s operators can do that.',
  },
  // Grab-and-go (docs/grab-and-go.md).
  GrabNotOffered: {
    status: 422,
    en: 'This shop does not offer grab-and-go.',
  },
  GrabPurchaseStateInvalid: {
    status: 409,
    en: 'This purchase was already paid for or closed.',
  },
  DeliveryTypeNotOffered: {
    status: 422,
    en: 'This shop does not offer that kind of delivery.',
  },
  LockerInUse: {
    status: 409,
    en: 'This locker is booked now or later. Move or end those bookings first.',
  },
  ParcelLockerFull: {
    status: 409,
    en: 'No parcel locker of a fitting size is free at this site right now.',
  },
  IdempotencyKeyRequired: {
    status: 400,
    en: 'An Idempotency-Key header is required to place an order.',
  },
  IdempotencyKeyReused: {
    status: 409,
    en: 'This request key was already used for a different order.',
  },
  // Payments and plans.
  PaymentSignatureInvalid: {
    status: 400,
    en: 'We could not verify this payment. Please try again.',
  },
  WebhookSignatureInvalid: {
    status: 400,
    en: 'The webhook signature is not valid.',
  },
  PaymentNotGranted: {
    status: 409,
    en: 'Your payment was received, but we could not complete the purchase, so it has been refunded in full.',
  },
  PaymentNotRefundable: {
    status: 409,
    en: 'This payment cannot be refunded by that amount.',
  },
  PlanNotFound: {
    status: 404,
    en: 'That plan is not available.',
  },
  SubscriptionActive: {
    status: 409,
    en: 'You already have an active plan of this kind. You can buy another one when it ends, or renew it.',
  },
  SubscriptionRenewalScheduled: {
    status: 409,
    en: 'The renewal of this plan is already paid for. It starts when the current period ends.',
  },
  SubscriptionNotPausable: {
    status: 409,
    en: 'Only a running plan can be paused, once per period.',
  },
  SubscriptionNotCancellable: {
    status: 409,
    en: 'Only a renewal that has not started yet can be cancelled and refunded.',
  },
  AutoRenewUnavailable: {
    status: 409,
    en: 'Automatic renewal is not available for this plan yet. You can renew it by hand before it ends.',
  },
  AutoRenewNotRunning: {
    status: 409,
    en: 'Automatic renewal can be set up only on a plan that is running.',
  },
  AutoRenewAlreadyOn: {
    status: 409,
    en: 'Automatic renewal is already on for this plan.',
  },
  AutoRenewNotOn: {
    status: 409,
    en: 'Automatic renewal is not on for this plan.',
  },
  // The complex marketplace (docs/complex.md).
  NotComplexMember: {
    status: 403,
    en: 'Only approved residents of this complex can do that. Join your complex first.',
  },
  ComplexMembershipPending: {
    status: 403,
    en: 'Your request to join is waiting for the admin’s approval.',
  },
  ComplexMembershipExists: {
    status: 409,
    en: 'You have already asked to join this complex.',
  },
  ComplexAdminOnly: {
    status: 403,
    en: 'Only the complex’s admin can do that.',
  },
  FlatNotInComplex: {
    status: 422,
    en: 'That block is not in this complex.',
  },
  ListingUnavailable: {
    status: 409,
    en: 'This item is no longer available in that quantity.',
  },
  OwnListing: {
    status: 422,
    en: 'You cannot buy your own listing.',
  },
  HandoverNotOffered: {
    status: 422,
    en: 'The seller does not hand this item over that way.',
  },
  ComplexOrderStateInvalid: {
    status: 409,
    en: 'This order has moved on; that step is no longer possible.',
  },
  PhotoInvalid: {
    status: 422,
    en: 'That file is not a photo we can read. Use a JPEG, PNG, WebP or HEIC picture.',
  },
  PhotoTooLarge: {
    status: 413,
    en: 'That photo is larger than 8 MB. Choose a smaller one.',
  },
  // A shop's catalogue from its app (docs/shops.md#stock-and-catalogue).
  PriceNotPositive: { status: 422, en: 'Enter a price and an MRP above ₹0.' },
  PriceAboveMrp: {
    status: 422,
    en: 'The price cannot be above the MRP printed on the pack: selling above MRP is against the law.',
  },
  PriceTooHigh: { status: 422, en: 'That price looks too high. Check for an extra zero.' },
  StockNegative: { status: 422, en: 'Stock cannot be below zero.' },
  BarcodeInvalid: {
    status: 422,
    en: 'That is not a valid barcode: check the 13 digits under the bars.',
  },
  BarcodeTaken: { status: 409, en: 'Another pack in your shop already has this barcode.' },
  CategoryUnknown: { status: 422, en: 'Choose one of the categories.' },
  GstinInvalid: {
    status: 422,
    en: 'That is not a valid GSTIN: 15 characters such as 33ABCDE1234F1Z7, as on your GST certificate.',
  },
  FssaiInvalid: { status: 422, en: 'An FSSAI licence number has 14 digits.' },
  ShopHoursInvalid: {
    status: 422,
    en: 'Closing time must be after opening time (24:00 for midnight).',
  },
  // How a shop is paid (docs/shops.md#settlement).
  IfscInvalid: {
    status: 422,
    en: 'That is not a valid IFSC: 11 characters such as SBIN0001234, printed on your cheque book.',
  },
  BankAccountInvalid: { status: 422, en: 'An account number has 9 to 18 digits. Check it on your passbook.' },
  PayoutAccountFailed: {
    status: 502,
    en: 'The payment provider could not link this bank account just now. Your details are kept: try again in a few minutes.',
  },
  PayoutAccountRefused: {
    status: 422,
    en: 'The payment provider did not accept these bank details. Check them and try again.',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  error: { code: string; message: string };
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

/**
 * What a ResourceNotFound is about, as whole sentences in both languages: the server sends the English
 * one with `thing` beside it, and the app shows the sentence in the shopper's language.
 */
export const NOT_FOUND = {
  address: { en: 'That address was not found.' },
  booking: { en: 'That booking was not found.' },
  category: { en: 'That category was not found. Choose one of the listed categories.' },
  complex: { en: 'That complex was not found.' },
  deadTimer: { en: 'That dead timer was not found.' },
  listing: { en: 'That listing was not found.' },
  lockerSite: { en: 'That locker site was not found.' },
  membership: { en: 'Your membership was not found.' },
  moneyCheck: { en: 'That held money check was not found, or it is already cleared.' },
  notification: { en: 'That notification was not found.' },
  order: { en: 'That order was not found.' },
  payment: { en: 'That payment was not found.' },
  photo: { en: 'That photo was not found.' },
  product: { en: 'That product was not found.' },
  purchase: { en: 'That purchase was not found.' },
  request: { en: 'That request was not found.' },
  seller: { en: 'That seller was not found.' },
  application: { en: 'That application was not found.' },
  member: { en: 'That member was not found.' },
  shop: { en: 'That shop was not found.' },
  subscription: { en: 'That plan was not found.' },
} as const satisfies Record<string, { en: string }>;
export type NotFoundThing = keyof typeof NOT_FOUND;

export function isNotFoundThing(thing: unknown): thing is NotFoundThing {
  return typeof thing === 'string' && Object.hasOwn(NOT_FOUND, thing);
}
