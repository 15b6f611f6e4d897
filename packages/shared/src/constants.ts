/**
 * Business constants and limits. docs/product.md says what each is for: change a value and that page
 * together.
 */

/**
 * Sivakasi, as two corners (docs/product.md#town). `south`/`north` and `west`/`east` are derived so order
 * never matters.
 */
export const TOWN_CORNERS = [
  { lat: 9.416926, lng: 77.825753 },
  { lat: 9.491431, lng: 77.758118 },
] as const;

export const TOWN_BOUNDS = {
  south: Math.min(TOWN_CORNERS[0].lat, TOWN_CORNERS[1].lat),
  north: Math.max(TOWN_CORNERS[0].lat, TOWN_CORNERS[1].lat),
  west: Math.min(TOWN_CORNERS[0].lng, TOWN_CORNERS[1].lng),
  east: Math.max(TOWN_CORNERS[0].lng, TOWN_CORNERS[1].lng),
} as const;

export const TOWN_CENTRE = {
  lat: (TOWN_BOUNDS.south + TOWN_BOUNDS.north) / 2,
  lng: (TOWN_BOUNDS.west + TOWN_BOUNDS.east) / 2,
} as const;

export const CART_LIMITS = {
  maxPerLine: 20,
  maxPerCart: 30,
} as const;

export const CURRENCY = 'INR';

/** The longest note a buyer may leave the shop with an order ("ring twice", "less sugar"). */
export const ORDER_NOTES_MAX_CHARS = 200;

/**
 * GST on Petti's own services (locker hire, plans). Prices are GST-inclusive (docs/product.md#money);
 * receipts show the tax part. Petti and its shoppers are in Tamil Nadu, so it splits into CGST + SGST.
 */
export const SERVICE_GST_PERCENT = 18;

/** Payment history page size (GET /api/payments). */
export const PAYMENTS_PAGE_SIZE = { default: 20, max: 50 } as const;

/** A plan's renewal reminder is added this long before it ends. */
export const PLAN_RENEWAL_REMINDER_DAYS = 3;

export const PLAN_RULES = {
  /** A running plan rests at most this long, once per period; its end (and a paid renewal) moves out as much. */
  maxPauseDays: 30,
  /**
   * Automatic renewal charges the mandate this many days before the period ends, so that a failed
   * charge, tried again on each following day (four tries in all), has its last try before the plan lapses.
   */
  autoRenewDaysBefore: 4,
  /** The holder is told what will be charged this long before each charge (a UPI AutoPay pre-debit notice). */
  autoRenewNoticeHours: 24,
  /** How many periods one mandate charges at most (then it completes and is set up again). */
  autoRenewCycles: 60,
  /** An authorisation not finished within this many minutes is dropped (the provider's `expire_by`). */
  autoRenewAuthorizeMinutes: 30,
} as const;

/** Screen breakpoints in px (docs/product.md#toasts-and-dialogs). */
export const BREAKPOINTS = { sm: 600, md: 1024, lg: 1440, xl: 1920 } as const;
export const RESIZE_DEBOUNCE_MS = 16;

export const TOAST_DEFAULTS = {
  timeoutMs: 5000,
  position: 'bottom',
  cartLimitTimeoutMs: 3000,
  /** The update toast lasts 1000000 ms: effectively until acted on (docs/product.md#app-updates). */
  updateTimeoutMs: 1_000_000,
  /** 0 = stays until dismissed (price-updated toast). */
  persistent: 0,
} as const;

export const TOAST_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
  'top',
  'bottom',
] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

export const DIALOG_DEFAULTS = { confirm: 'OK', deny: 'No', cancel: 'Cancel' } as const;

export const LOADING_OVERLAY = { spinnerPx: 40, delayMs: 0 } as const;

export const BRAND = { orange: '#F26B1D', orangeDark: '#B3470A', name: 'Petti' } as const;

/** Real-time client (docs/product.md#real-time-connection). */
export const REALTIME = {
  keepAliveSeconds: 60,
  reconnectFirstMs: 5000,
  reconnectEveryMs: 60000,
  backoffMaxSeconds: 128,
  offlineBufferMessages: 5000,
} as const;

/** API client retry policy (docs/product.md#api-client). */
export const RETRY = { attempts: 3, baseMs: 100, throttledBaseMs: 500, capMs: 20000 } as const;

/**
 * Default service-worker update check interval. Hourly: checking every second would waste mobile data
 * (docs/product.md#app-updates).
 */
export const SW_UPDATE_INTERVAL_MS_DEFAULT = 60 * 60 * 1000;

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** The seed's default logging level, warning. */
export const LOG_LEVEL_DEFAULT: LogLevel = 'warn';

/** Locker sizes and durations (docs/product.md#sizes-and-durations). */
export const LOCKER_SIZES = ['S', 'M', 'L', 'XL'] as const;
export type LockerSize = (typeof LOCKER_SIZES)[number];
export const BOOKING_DURATIONS_HOURS = [1, 2, 4, 8, 12, 24] as const;
export const LOCKER_TYPES = ['public_lockers', 'complex_lockers'] as const;
export type LockerType = (typeof LOCKER_TYPES)[number];
export const LOCKER_TYPE_DEFAULT: LockerType = 'public_lockers';

/** Local storage keys the guard and the carts rely on (docs/product.md#local-storage). */
export const STORAGE_KEYS = {
  existingUser: 'existingUser',
  lastUser: 'lastSignedInUser',
  accessTokenPrefix: 'accessToken.',
  refreshTokenPrefix: 'refreshToken.',
  sessionId: 'sessionId',
  cart: 'cart',
  grabCart: 'grabCart',
  selectedRootBtn: 'selectedRootBtn',
  activeCategoryInfo: 'activeCategoryInfo',
  complexSessionId: 'complexSessionId',
  language: 'language',
  otpSession: 'otpSession',
  /** How many locker sites the dashboard listed last, so its skeleton holds that much room. */
  siteCount: 'siteCount',
  /** Last known live locker bookings with their PINs, for showing a PIN offline. */
  lastBookings: 'lastBookings',
  /** What the app has published while offline and not yet seen acknowledged (the live client's buffer). */
  liveOutbox: 'liveOutbox',
} as const;

export const LANGUAGES = ['en', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Locker booking limits and timings (docs/product.md#lockers). Durations are whole hours. */
export const LOCKER_RULES = {
  /** An unpaid hold keeps its locker this long. */
  holdMinutes: 5,
  /** A scheduled booking not opened this long after its start times out. */
  scheduledOpenGraceMinutes: 30,
  /** A scheduled booking's PIN is issued this long before its start. */
  pinIssueBeforeStartMinutes: 15,
  /** Booked hours plus extensions may not exceed this. */
  maxTotalHours: 72,
  /** How far ahead a booking may start. */
  maxStartAheadDays: 7,
  /** A start at most this far in the future counts as "now". */
  startNowToleranceSeconds: 60,
  /** A door open longer than this raises attentionRequired. */
  doorOpenAlertSeconds: 120,
  /** A remote unlock with no door report this long after the command failed. */
  unlockTimeoutSeconds: 30,
  /** Live bookings (waitlist included) one user may hold at once. */
  maxLiveBookingsPerUser: 5,
  /** Lockers in these rows are the low, accessible ones. */
  lowRows: [1, 2],
  /** A waitlisted request that found no locker this long after its requested start lapses. */
  waitlistMinutes: 60,
  /** Scheduled bookings cancelled at least this long before their start get a full refund. */
  fullRefundBeforeStartMinutes: 60,
  /** GST on locker storage, included in every price. */
  gstPercent: 18,
  /** A booking's user is reminded this long before its end (docs/alerts.md). */
  endingReminderMinutes: 15,
  /**
   * A booking whose locker goes out of service, with none of its size free at its site, may move to
   * a public site this near (a short walk or auto ride in town) before it is refunded instead.
   */
  nearSiteMetres: 2000,
  /**
   * A site offline for at most this long still takes bookings: each gets a PIN its keypad checks by
   * itself (docs/locker-protocol.md#offline). Longer, and the site is more likely without power.
   */
  offlineBookingHeardHours: 6,
} as const;

/** Sites' opening hours are local time in Sivakasi (IST, UTC+05:30, no daylight saving). */
export const TOWN_UTC_OFFSET_MINUTES = 330;

/** What a new shop starts with until its owner changes it (docs/shops.md#becoming-a-seller). */
export const NEW_SHOP = { opensAt: '09:00', closesAt: '21:00', rangeKm: 3 } as const;
