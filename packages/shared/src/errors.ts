/**
 * One catalogue of error codes: HTTP status plus English and Tamil text.
 * Generic codes (docs/product.md#errors: Validation, ResourceNotFound, Unauthorized, Conflict,
 * Throttling, InternalFailure, ServiceUnavailable) and domain codes keep the original app's
 * spelling, for compatibility.
 */
export interface ErrorEntry {
  status: number;
  en: string;
  ta: string;
}

export const ERRORS = {
  Validation: { status: 400, en: 'Some of the details are not valid.', ta: 'சில விவரங்கள் சரியாக இல்லை.' },
  Unauthorized: {
    status: 401,
    en: 'Please sign in to continue.',
    ta: 'தொடர உள்நுழையவும்.',
  },
  Forbidden: { status: 403, en: 'You cannot do that.', ta: 'இதைச் செய்ய உங்களுக்கு அனுமதி இல்லை.' },
  ResourceNotFound: { status: 404, en: 'We could not find that.', ta: 'அதைக் கண்டுபிடிக்க முடியவில்லை.' },
  Conflict: {
    status: 409,
    en: 'That changed while you were working. Please try again.',
    ta: 'நீங்கள் செய்துகொண்டிருந்தபோது அது மாறியது. மீண்டும் முயற்சிக்கவும்.',
  },
  PayloadTooLarge: { status: 413, en: 'That request is too large.', ta: 'அந்தக் கோரிக்கை மிகப் பெரியது.' },
  Throttling: {
    status: 429,
    en: 'Too many attempts. Please wait and try again.',
    ta: 'அதிக முயற்சிகள். சிறிது நேரம் கழித்து மீண்டும் முயற்சிக்கவும்.',
  },
  InternalFailure: {
    status: 500,
    en: 'Something went wrong,Please try again!',
    ta: 'ஏதோ தவறு நடந்தது, மீண்டும் முயற்சிக்கவும்!',
  },
  ServiceUnavailable: {
    status: 503,
    en: 'The service is not available right now.',
    ta: 'சேவை இப்போது கிடைக்கவில்லை.',
  },
  // Sign-in (docs/product.md#sign-up-and-sign-in-steps; names as the original identity library spelled them).
  EmptyChallengeResponse: {
    status: 400,
    en: 'challengeResponse is required to confirmSignIn',
    ta: 'உள்நுழைவை உறுதிப்படுத்த குறியீடு தேவை',
  },
  SignInException: {
    status: 400,
    en: 'An error occurred during the sign in process. This most likely occurred due to: 1. signIn was not called before confirmSignIn. 2. signIn threw an exception. 3. page was refreshed during the sign in flow.',
    ta: 'உள்நுழைவில் பிழை. மீண்டும் உங்கள் எண்ணை உள்ளிட்டு புதிய குறியீட்டைப் பெறவும்.',
  },
  UserNotFoundException: {
    status: 404,
    en: 'No Petti account uses this number yet. Please sign up.',
    ta: 'இந்த எண்ணில் Petti கணக்கு இல்லை. பதிவு செய்யவும்.',
  },
  CodeMismatchException: {
    status: 400,
    en: 'That code is not right. Please check the SMS and try again.',
    ta: 'அந்தக் குறியீடு சரியில்லை. SMS-ஐச் சரிபார்த்து மீண்டும் முயற்சிக்கவும்.',
  },
  ExpiredCodeException: {
    status: 400,
    en: 'The code has expired. Please ask for a new one.',
    ta: 'குறியீடு காலாவதியானது. புதிய குறியீட்டைக் கேட்கவும்.',
  },
  NotAuthorizedException: {
    status: 400,
    en: 'Too many wrong codes. Please ask for a new code.',
    ta: 'அதிக தவறான குறியீடுகள். புதிய குறியீட்டைக் கேட்கவும்.',
  },
  LimitExceededException: {
    status: 429,
    en: 'Too many codes were sent to this number. Please try again later.',
    ta: 'இந்த எண்ணுக்கு அதிக குறியீடுகள் அனுப்பப்பட்டன. பின்னர் முயற்சிக்கவும்.',
  },
  CodeResendTooSoon: {
    status: 429,
    en: 'Please wait a little before asking for another code.',
    ta: 'மற்றொரு குறியீட்டைக் கேட்கும் முன் சிறிது காத்திருக்கவும்.',
  },
  EmailVerificationInvalid: {
    status: 400,
    en: 'This email link is not valid or has expired.',
    ta: 'இந்த மின்னஞ்சல் இணைப்பு செல்லாது அல்லது காலாவதியானது.',
  },
  NoEmail: {
    status: 400,
    en: 'Add an email address first.',
    ta: 'முதலில் மின்னஞ்சல் முகவரியைச் சேர்க்கவும்.',
  },
  // Locker bookings (docs/lockers.md).
  SiteClosed: {
    status: 422,
    en: 'This locker site is closed at that time. Please choose a time within its hours.',
    ta: 'அந்த நேரத்தில் இந்த லாக்கர் இடம் மூடப்பட்டிருக்கும். அதன் நேரத்துக்குள் ஒரு நேரத்தைத் தேர்வுசெய்யவும்.',
  },
  SizeNotAtSite: {
    status: 422,
    en: 'This site has no lockers of that size.',
    ta: 'இந்த இடத்தில் அந்த அளவு லாக்கர்கள் இல்லை.',
  },
  StartNotAllowed: {
    status: 422,
    en: 'A booking can start now or up to 7 days ahead.',
    ta: 'முன்பதிவை இப்போதோ அல்லது 7 நாட்களுக்குள்ளோ தொடங்கலாம்.',
  },
  BookingTooLong: {
    status: 422,
    en: 'A booking can last at most 72 hours, extensions included.',
    ta: 'நீட்டிப்புகள் உட்பட, ஒரு முன்பதிவு அதிகபட்சம் 72 மணி நேரம் மட்டுமே.',
  },
  TooManyBookings: {
    status: 409,
    en: 'You already have 5 bookings in progress. Finish or cancel one first.',
    ta: 'உங்களிடம் ஏற்கனவே 5 முன்பதிவுகள் நடப்பில் உள்ளன. முதலில் ஒன்றை முடிக்கவும் அல்லது ரத்து செய்யவும்.',
  },
  BookingStateInvalid: {
    status: 409,
    en: 'This booking cannot do that in its current state.',
    ta: 'இந்த முன்பதிவின் தற்போதைய நிலையில் இதைச் செய்ய முடியாது.',
  },
  ExtensionOverlaps: {
    status: 409,
    en: 'The locker is booked by someone else right after you, so it cannot be extended that long.',
    ta: 'உங்களுக்குப் பிறகு இந்த லாக்கர் வேறொருவருக்கு முன்பதிவு செய்யப்பட்டுள்ளது; அவ்வளவு நேரம் நீட்டிக்க முடியாது.',
  },
  ExtensionPending: {
    status: 409,
    en: 'An extension is already waiting for payment.',
    ta: 'ஒரு நீட்டிப்பு ஏற்கனவே கட்டணத்துக்காகக் காத்திருக்கிறது.',
  },
  MoveNotPossible: {
    status: 409,
    en: 'Another booking is in the way at that time. Please choose another time.',
    ta: 'அந்த நேரத்தில் வேறொரு முன்பதிவு உள்ளது. வேறு நேரத்தைத் தேர்வுசெய்யவும்.',
  },
  OverstayUnpaid: {
    status: 402,
    en: 'Your booking time is over. Please pay the overstay charge to open the locker.',
    ta: 'உங்கள் முன்பதிவு நேரம் முடிந்துவிட்டது. லாக்கரைத் திறக்க கூடுதல் நேரக் கட்டணத்தைச் செலுத்தவும்.',
  },
  PaymentsUnavailable: {
    status: 503,
    en: 'Payments are not available right now. Please try again shortly.',
    ta: 'கட்டணச் சேவை இப்போது கிடைக்கவில்லை. சிறிது நேரத்தில் மீண்டும் முயற்சிக்கவும்.',
  },
  // Domain codes with fixed spellings (docs/product.md#event-names), kept for compatibility.
  UserNotEnable: {
    status: 403,
    en: 'Your account is not enabled for this.',
    ta: 'உங்கள் கணக்கு இதற்கு இயக்கப்படவில்லை.',
  },
  lockerOffline: {
    status: 503,
    en: 'This locker site is offline right now. Please choose another site.',
    ta: 'இந்த லாக்கர் இடம் இப்போது இணைப்பில் இல்லை. வேறு இடத்தைத் தேர்வுசெய்யவும்.',
  },
  AddressLongDistance: {
    status: 422,
    en: 'This address is outside the seller’s delivery range.',
    ta: 'இந்த முகவரி விற்பனையாளரின் டெலிவரி எல்லைக்கு வெளியே உள்ளது.',
  },
  LockerLongDistance: {
    status: 422,
    en: 'This locker is outside the seller’s delivery range.',
    ta: 'இந்த லாக்கர் விற்பனையாளரின் டெலிவரி எல்லைக்கு வெளியே உள்ளது.',
  },
  PaymentUpdatedException: {
    status: 409,
    en: 'The price has been updated. Refresh the page to view the new price.',
    ta: 'விலை மாற்றப்பட்டுள்ளது. புதிய விலையைப் பார்க்க பக்கத்தைப் புதுப்பிக்கவும்.',
  },
  ConditionalCheckFailedException: {
    status: 409,
    en: 'Something went wrong,Please try again!',
    ta: 'ஏதோ தவறு நடந்தது, மீண்டும் முயற்சிக்கவும்!',
  },
  cartItemsError: {
    status: 422,
    en: 'Some items in your cart need attention.',
    ta: 'உங்கள் வண்டியில் உள்ள சில பொருட்களைக் கவனிக்க வேண்டும்.',
  },
  // Catalog, addresses and cart (docs/marketplace.md).
  /**
   * Thrown as 'DistanceMatrix failed: {status}' (docs/product.md#distance-provider) with the provider's
   * status.
   */
  DistanceMatrixFailed: {
    status: 502,
    en: 'DistanceMatrix failed: UNKNOWN',
    ta: 'தூரத்தைக் கணக்கிட முடியவில்லை. சிறிது நேரம் கழித்து மீண்டும் முயற்சிக்கவும்.',
  },
  SellerApplicationExists: {
    status: 409,
    en: 'Thank you, we already have an application from this phone number. Our team will call you soon.',
    ta: 'நன்றி, இந்த தொலைபேசி எண்ணிலிருந்து ஏற்கெனவே விண்ணப்பம் வந்துள்ளது. எங்கள் குழு விரைவில் உங்களை அழைக்கும்.',
  },
  AddressOutsideTown: {
    status: 422,
    en: 'The pin must be inside Sivakasi.',
    ta: 'குறி சிவகாசிக்குள் இருக்க வேண்டும்.',
  },
  AddressLimitReached: {
    status: 409,
    en: 'You can save up to 20 addresses. Delete one to add another.',
    ta: 'அதிகபட்சம் 20 முகவரிகளைச் சேமிக்கலாம். புதியதைச் சேர்க்க ஒன்றை நீக்கவும்.',
  },
  SellerClosed: {
    status: 409,
    en: 'The shop is closed now. Your cart is kept: please order when it opens.',
    ta: 'கடை இப்போது மூடப்பட்டுள்ளது. உங்கள் வண்டி அப்படியே இருக்கும்: கடை திறந்ததும் ஆர்டர் செய்யவும்.',
  },
  CartOtherSeller: {
    status: 409,
    en: 'A cart holds one shop’s items at a time.',
    ta: 'ஒரு வண்டியில் ஒரே நேரத்தில் ஒரு கடையின் பொருட்கள் மட்டுமே இருக்கும்.',
  },
  // Orders (docs/marketplace.md "Orders").
  OrderStateInvalid: {
    status: 409,
    en: 'This order cannot do that in its current state.',
    ta: 'இந்த ஆர்டரின் தற்போதைய நிலையில் இதைச் செய்ய முடியாது.',
  },
  OrderNotCancellable: {
    status: 409,
    en: 'This order is already packed, so it can no longer be cancelled.',
    ta: 'இந்த ஆர்டர் ஏற்கெனவே பேக் செய்யப்பட்டுவிட்டது; இனி ரத்து செய்ய முடியாது.',
  },
  HazardousNotToLocker: {
    status: 422,
    en: 'Fireworks and other hazardous goods cannot go to a parcel locker. Choose home delivery or curbside pickup.',
    ta: 'பட்டாசு போன்ற அபாயகரமான பொருட்களை பார்சல் லாக்கருக்கு அனுப்ப முடியாது. வீட்டு டெலிவரி அல்லது கர்ப்சைடு பிக்கப்பைத் தேர்வுசெய்யவும்.',
  },
  SiteNotAcceptingParcels: {
    status: 422,
    en: 'This locker site does not take parcel drops. Please choose another site.',
    ta: 'இந்த லாக்கர் இடம் பார்சல்களை ஏற்பதில்லை. வேறு இடத்தைத் தேர்வுசெய்யவும்.',
  },
  OrderScheduled: {
    status: 409,
    en: 'This order was placed for when the shop opens; it can be accepted from then.',
    ta: 'இந்த ஆர்டர் கடை திறக்கும் நேரத்துக்காகச் செய்யப்பட்டது; அப்போதிலிருந்து ஏற்கலாம்.',
  },
  // The shop's side (docs/shops.md).
  NotShopMember: {
    status: 403,
    en: 'You do not work in this shop. Ask its owner to add your number.',
    ta: 'நீங்கள் இந்தக் கடையில் பணியாற்றவில்லை. உங்கள் எண்ணைச் சேர்க்க அதன் உரிமையாளரிடம் கேளுங்கள்.',
  },
  ShopOwnerOnly: {
    status: 403,
    en: 'Only the shop’s owner can do that.',
    ta: 'கடையின் உரிமையாளர் மட்டுமே இதைச் செய்ய முடியும்.',
  },
  ShopInactive: {
    status: 403,
    en: 'This shop has been switched off by Petti. Orders cannot be worked until it is switched on again.',
    ta: 'இந்தக் கடையை Petti நிறுத்தி வைத்துள்ளது. மீண்டும் இயக்கப்படும் வரை ஆர்டர்களைக் கையாள முடியாது.',
  },
  ItemChangeInvalid: {
    status: 409,
    en: 'That many of this item are not in the order any more.',
    ta: 'இந்தப் பொருள் அத்தனை எண்ணிக்கையில் ஆர்டரில் இப்போது இல்லை.',
  },
  AllItemsUnavailable: {
    status: 409,
    en: 'Nothing would be left in this order. Turn the order down instead, so the buyer gets everything back.',
    ta: 'இந்த ஆர்டரில் எதுவும் மிஞ்சாது. பதிலாக ஆர்டரை நிராகரியுங்கள்; வாங்குபவருக்கு முழுத் தொகையும் திரும்பக் கிடைக்கும்.',
  },
  SubstitutionPending: {
    status: 409,
    en: 'The buyer has not answered the substitute yet. Wait for the answer (at most 10 minutes).',
    ta: 'மாற்றுப் பொருளுக்கு வாங்குபவர் இன்னும் பதிலளிக்கவில்லை. பதிலுக்குக் காத்திருக்கவும் (அதிகபட்சம் 10 நிமிடங்கள்).',
  },
  SubstitutionDecided: {
    status: 409,
    en: 'This substitute has already been answered.',
    ta: 'இந்த மாற்றுப் பொருளுக்கு ஏற்கெனவே பதிலளிக்கப்பட்டது.',
  },
  SubstitutionExpired: {
    status: 409,
    en: 'The time to answer ran out: the item is refunded instead.',
    ta: 'பதிலளிக்கும் நேரம் முடிந்தது: பதிலாக அந்தப் பொருளின் தொகை திருப்பியளிக்கப்படுகிறது.',
  },
  SubstituteTooDear: {
    status: 422,
    en: 'The substitute costs more than the buyer paid for this item. Offer one at the same price or less.',
    ta: 'இந்தப் பொருளுக்கு வாங்குபவர் செலுத்தியதைவிட மாற்றுப் பொருளின் விலை அதிகம். அதே விலை அல்லது குறைவான ஒன்றை வழங்கவும்.',
  },
  SubstituteOutOfStock: {
    status: 409,
    en: 'The substitute is out of stock.',
    ta: 'மாற்றுப் பொருள் கையிருப்பில் இல்லை.',
  },
  DeliveryProofNeeded: {
    status: 422,
    en: 'Type the code the buyer tells you, or take a photo at the door, to mark it delivered.',
    ta: 'டெலிவரி ஆனது எனக் குறிக்க, வாங்குபவர் சொல்லும் குறியீட்டைத் தட்டச்சு செய்யுங்கள், அல்லது வாசலில் ஒரு புகைப்படம் எடுங்கள்.',
  },
  DeliveryCodeWrong: {
    status: 422,
    en: 'That is not the buyer’s delivery code. Ask them again.',
    ta: 'அது வாங்குபவரின் டெலிவரி குறியீடு அல்ல. மீண்டும் கேளுங்கள்.',
  },
  DeliveryCodeLocked: {
    status: 423,
    en: 'Three wrong codes: take a photo at the door to mark it delivered.',
    ta: 'மூன்று தவறான குறியீடுகள்: டெலிவரி ஆனது எனக் குறிக்க வாசலில் ஒரு புகைப்படம் எடுங்கள்.',
  },
  SellerUnavailable: {
    status: 409,
    en: 'This shop is not taking orders on Petti right now.',
    ta: 'இந்தக் கடை இப்போது Petti-யில் ஆர்டர்களை ஏற்கவில்லை.',
  },
  ShopMemberExists: {
    status: 409,
    en: 'That number already works in this shop.',
    ta: 'அந்த எண் ஏற்கெனவே இந்தக் கடையில் பணியாற்றுகிறது.',
  },
  LastShopOwner: {
    status: 409,
    en: 'A shop needs an owner. Add another owner before removing this one.',
    ta: 'கடைக்கு ஒரு உரிமையாளர் தேவை. இவரை நீக்கும் முன் வேறொரு உரிமையாளரைச் சேர்க்கவும்.',
  },
  OrderTakenByOther: {
    status: 409,
    en: 'Someone else in the shop has already done that.',
    ta: 'கடையில் வேறொருவர் ஏற்கெனவே அதைச் செய்துவிட்டார்.',
  },
  SellerApplicationDecided: {
    status: 409,
    en: 'This application has already been decided.',
    ta: 'இந்த விண்ணப்பத்தின் மீது ஏற்கெனவே முடிவு எடுக்கப்பட்டது.',
  },
  OperatorOnly: {
    status: 403,
    en: 'Only Petti’s operators can do that.',
    ta: 'Petti-யின் இயக்குநர்கள் மட்டுமே இதைச் செய்ய முடியும்.',
  },
  // Grab-and-go (docs/grab-and-go.md).
  GrabNotOffered: {
    status: 422,
    en: 'This shop does not offer grab-and-go.',
    ta: 'இந்தக் கடையில் கிராப் & கோ வசதி இல்லை.',
  },
  GrabPurchaseStateInvalid: {
    status: 409,
    en: 'This purchase was already paid for or closed.',
    ta: 'இந்த வாங்குதலுக்கு ஏற்கெனவே பணம் செலுத்தப்பட்டது அல்லது அது முடிந்துவிட்டது.',
  },
  DeliveryTypeNotOffered: {
    status: 422,
    en: 'This shop does not offer that kind of delivery.',
    ta: 'இந்தக் கடை அந்த வகை டெலிவரியை வழங்குவதில்லை.',
  },
  LockerInUse: {
    status: 409,
    en: 'This locker is booked now or later. Move or end those bookings first.',
    ta: 'இந்த லாக்கர் இப்போதோ பின்னரோ முன்பதிவு செய்யப்பட்டுள்ளது. முதலில் அந்த முன்பதிவுகளை மாற்றவும் அல்லது முடிக்கவும்.',
  },
  ParcelLockerFull: {
    status: 409,
    en: 'No parcel locker of a fitting size is free at this site right now.',
    ta: 'இந்த இடத்தில் பொருத்தமான அளவிலான பார்சல் லாக்கர் இப்போது காலியாக இல்லை.',
  },
  IdempotencyKeyRequired: {
    status: 400,
    en: 'An Idempotency-Key header is required to place an order.',
    ta: 'ஆர்டர் செய்ய Idempotency-Key தலைப்பு தேவை.',
  },
  IdempotencyKeyReused: {
    status: 409,
    en: 'This request key was already used for a different order.',
    ta: 'இந்தக் கோரிக்கை விசை ஏற்கெனவே வேறொரு ஆர்டருக்குப் பயன்படுத்தப்பட்டது.',
  },
  // Payments and plans.
  PaymentSignatureInvalid: {
    status: 400,
    en: 'We could not verify this payment. Please try again.',
    ta: 'இந்தக் கட்டணத்தைச் சரிபார்க்க முடியவில்லை. மீண்டும் முயற்சிக்கவும்.',
  },
  WebhookSignatureInvalid: {
    status: 400,
    en: 'The webhook signature is not valid.',
    ta: 'வெப்ஹூக் கையொப்பம் செல்லாது.',
  },
  PaymentNotGranted: {
    status: 409,
    en: 'Your payment was received, but we could not complete the purchase, so it has been refunded in full.',
    ta: 'உங்கள் கட்டணம் பெறப்பட்டது, ஆனால் வாங்குதலை முடிக்க முடியவில்லை; எனவே முழுத் தொகையும் திருப்பி அளிக்கப்பட்டது.',
  },
  PaymentNotRefundable: {
    status: 409,
    en: 'This payment cannot be refunded by that amount.',
    ta: 'இந்தக் கட்டணத்தில் அந்தத் தொகையைத் திருப்பி அளிக்க முடியாது.',
  },
  PlanNotFound: {
    status: 404,
    en: 'That plan is not available.',
    ta: 'அந்தத் திட்டம் கிடைக்கவில்லை.',
  },
  SubscriptionActive: {
    status: 409,
    en: 'You already have an active plan of this kind. You can buy another one when it ends, or renew it.',
    ta: 'இந்த வகையில் உங்களுக்கு ஏற்கெனவே செயலில் உள்ள திட்டம் உள்ளது. அது முடிந்ததும் வேறொன்றை வாங்கலாம், அல்லது அதையே புதுப்பிக்கலாம்.',
  },
  SubscriptionRenewalScheduled: {
    status: 409,
    en: 'The renewal of this plan is already paid for. It starts when the current period ends.',
    ta: 'இந்தத் திட்டத்தின் புதுப்பிப்புக்கு ஏற்கெனவே பணம் செலுத்தப்பட்டுள்ளது. தற்போதைய காலம் முடிந்ததும் அது தொடங்கும்.',
  },
  // The complex marketplace (docs/complex.md).
  NotComplexMember: {
    status: 403,
    en: 'Only approved residents of this complex can do that. Join your complex first.',
    ta: 'இந்தக் குடியிருப்பின் அங்கீகரிக்கப்பட்ட குடியிருப்பாளர்கள் மட்டுமே இதைச் செய்ய முடியும். முதலில் உங்கள் குடியிருப்பில் சேருங்கள்.',
  },
  ComplexMembershipPending: {
    status: 403,
    en: 'Your request to join is waiting for the admin’s approval.',
    ta: 'சேர்வதற்கான உங்கள் கோரிக்கை நிர்வாகியின் ஒப்புதலுக்காகக் காத்திருக்கிறது.',
  },
  ComplexMembershipExists: {
    status: 409,
    en: 'You have already asked to join this complex.',
    ta: 'இந்தக் குடியிருப்பில் சேர ஏற்கெனவே கேட்டுள்ளீர்கள்.',
  },
  ComplexAdminOnly: {
    status: 403,
    en: 'Only the complex’s admin can do that.',
    ta: 'குடியிருப்பின் நிர்வாகி மட்டுமே இதைச் செய்ய முடியும்.',
  },
  FlatNotInComplex: {
    status: 422,
    en: 'That block is not in this complex.',
    ta: 'அந்தப் பிளாக் இந்தக் குடியிருப்பில் இல்லை.',
  },
  ListingUnavailable: {
    status: 409,
    en: 'This item is no longer available in that quantity.',
    ta: 'இந்தப் பொருள் அந்த அளவில் இனி கிடைக்கவில்லை.',
  },
  OwnListing: {
    status: 422,
    en: 'You cannot buy your own listing.',
    ta: 'உங்கள் சொந்தப் பட்டியலை நீங்களே வாங்க முடியாது.',
  },
  HandoverNotOffered: {
    status: 422,
    en: 'The seller does not hand this item over that way.',
    ta: 'விற்பனையாளர் இந்தப் பொருளை அந்த வழியில் ஒப்படைப்பதில்லை.',
  },
  ComplexOrderStateInvalid: {
    status: 409,
    en: 'This order has moved on; that step is no longer possible.',
    ta: 'இந்த ஆர்டர் முன்னேறிவிட்டது; அந்தப் படி இனி சாத்தியமில்லை.',
  },
  PhotoInvalid: {
    status: 422,
    en: 'That file is not a photo we can read. Use a JPEG, PNG, WebP or HEIC picture.',
    ta: 'அந்தக் கோப்பு எங்களால் படிக்கக்கூடிய புகைப்படம் அல்ல. JPEG, PNG, WebP அல்லது HEIC படத்தைப் பயன்படுத்துங்கள்.',
  },
  PhotoTooLarge: {
    status: 413,
    en: 'That photo is larger than 8 MB. Choose a smaller one.',
    ta: 'அந்தப் புகைப்படம் 8 MB-ஐ விடப் பெரியது. சிறியதைத் தேர்ந்தெடுங்கள்.',
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
  address: { en: 'That address was not found.', ta: 'அந்த முகவரி கிடைக்கவில்லை.' },
  booking: { en: 'That booking was not found.', ta: 'அந்த முன்பதிவு கிடைக்கவில்லை.' },
  complex: { en: 'That complex was not found.', ta: 'அந்தக் குடியிருப்பு வளாகம் கிடைக்கவில்லை.' },
  deadTimer: { en: 'That dead timer was not found.', ta: 'நிறுத்தப்பட்ட அந்தப் பணி கிடைக்கவில்லை.' },
  listing: { en: 'That listing was not found.', ta: 'அந்த விற்பனைப் பதிவு கிடைக்கவில்லை.' },
  lockerSite: { en: 'That locker site was not found.', ta: 'அந்த லாக்கர் இடம் கிடைக்கவில்லை.' },
  membership: { en: 'Your membership was not found.', ta: 'உங்கள் உறுப்பினர் பதிவு கிடைக்கவில்லை.' },
  notification: { en: 'That notification was not found.', ta: 'அந்த அறிவிப்பு கிடைக்கவில்லை.' },
  order: { en: 'That order was not found.', ta: 'அந்த ஆர்டர் கிடைக்கவில்லை.' },
  payment: { en: 'That payment was not found.', ta: 'அந்தக் கட்டணம் கிடைக்கவில்லை.' },
  photo: { en: 'That photo was not found.', ta: 'அந்தப் புகைப்படம் கிடைக்கவில்லை.' },
  product: { en: 'That product was not found.', ta: 'அந்தப் பொருள் கிடைக்கவில்லை.' },
  purchase: { en: 'That purchase was not found.', ta: 'அந்தக் கொள்முதல் கிடைக்கவில்லை.' },
  request: { en: 'That request was not found.', ta: 'அந்தக் கோரிக்கை கிடைக்கவில்லை.' },
  seller: { en: 'That seller was not found.', ta: 'அந்த விற்பனையாளர் கிடைக்கவில்லை.' },
  application: { en: 'That application was not found.', ta: 'அந்த விண்ணப்பம் கிடைக்கவில்லை.' },
  member: { en: 'That member was not found.', ta: 'அந்த உறுப்பினர் கிடைக்கவில்லை.' },
  shop: { en: 'That shop was not found.', ta: 'அந்தக் கடை கிடைக்கவில்லை.' },
} as const satisfies Record<string, { en: string; ta: string }>;
export type NotFoundThing = keyof typeof NOT_FOUND;

export function isNotFoundThing(thing: unknown): thing is NotFoundThing {
  return typeof thing === 'string' && Object.hasOwn(NOT_FOUND, thing);
}
