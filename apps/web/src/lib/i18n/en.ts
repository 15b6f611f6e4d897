import { ERRORS, type ErrorCode, NOT_FOUND, type NotFoundThing } from '@petti/shared/errors';
import { liveEn } from '../realtime/messages.en.ts';
import type { Widen } from './widen.ts';

/**
 * The common English strings: the shell's, lib/'s, and those of features without a messages file
 * of their own. A feature's own strings live beside it (features/<name>/messages.en.ts) and
 * app/i18n/en.ts puts them together with these, since lib/ must not import features. `ta.ts` must have exactly the
 * same keys (the type below and app/i18n/resources.test.ts enforce it). Values are plain strings;
 * `{{name}}` is interpolation.
 */
/** The shared error catalogue's English, under `errorCodes.<code>` and `missingThing.<thing>` (lib/error-text.ts). */
const errorCodesEn = Object.fromEntries(Object.entries(ERRORS).map(([code, e]) => [code, e.en])) as Record<
  ErrorCode,
  string
>;
const notFoundEn = Object.fromEntries(Object.entries(NOT_FOUND).map(([thing, e]) => [thing, e.en])) as Record<
  NotFoundThing,
  string
>;

export const commonEn = {
  errorCodes: errorCodesEn,
  missingThing: notFoundEn,
  app: {
    name: 'Petti',
    tagline: 'Sivakasi lockers & local shops',
    documentTitle: '{{page}} · Petti',
    skipToContent: 'Skip to content',
  },
  nav: {
    main: 'Main navigation',
    home: 'Home',
    shop: 'Shop',
    // The tab opens the payment history (/bookings): named for what it shows.
    bookings: 'Payments',
    profile: 'Profile',
    notifications: 'Notifications',
    cart: 'Cart',
    cartCount_one: 'Cart, {{count}} item',
    cartCount_other: 'Cart, {{count}} items',
    back: 'Back',
    becomeSeller: 'Become a seller',
    sellWithPetti: 'Sell with Petti',
    legal: 'Legal',
    account: 'Your account',
  },
  language: {
    label: 'Language',
    // Each language is named in itself, so both files carry the same two names.
    en: 'EN',
    ta: 'தமிழ்',
  },
  offline: {
    banner:
      'You are offline. Pages you have opened still work; anything that needs the internet will say so.',
  },
  sw: {
    updateAvailable: 'A new version is available',
    refresh: 'Refresh',
    dismiss: 'Dismiss',
  },
  toast: {
    close: 'Close notification',
    notifications: 'Notifications',
  },
  dialog: {
    confirm: 'OK',
    deny: 'No',
    cancel: 'Cancel',
  },
  alerts: {
    title: 'Alerts on this phone',
    hint: 'We alert you even when Petti is closed: when your locker time is ending, when a parcel lands in a locker, and more.',
    on: 'Alerts are on for this phone.',
    off: 'Alerts are off for this phone.',
    denied:
      'This browser blocks alerts from Petti. Allow notifications for this site in the browser settings, then come back.',
    unsupported:
      'This browser cannot show alerts. Install Petti on your home screen, or use Chrome on Android.',
    turnOn: 'Turn on alerts',
    turnOff: 'Turn off alerts',
    turningOn: 'Turning on…',
    failed:
      'Alerts could not be turned on: this phone could not reach its notification service. Check the connection and try again.',
    turnedOn: 'Alerts are on. We will tell you when something needs you.',
    whichTitle: 'Which alerts',
    prefsFailed: 'Your alert choices could not be loaded.',
    promptTitle: 'Alerts on this phone',
    promptBody:
      'We can tell you 15 minutes before your locker time ends, and when your order is on its way, even with Petti closed.',
    notNow: 'Not now',
    kinds: {
      lockerEnding: { label: 'Locker time ending', hint: '15 minutes before your booking ends.' },
      overstay: { label: 'Overstay started', hint: 'When your time has run out and overstay is charged.' },
      waitlistOffer: { label: 'Waitlist offer', hint: 'When a locker comes free for your waitlist request.' },
      bookingChanged: {
        label: 'Booking changed',
        hint: 'When a booking is moved, extended or cancelled, here or on another device.',
      },
      parcelInLocker: {
        label: 'Parcel in a locker',
        hint: 'When your order is ready in a parcel locker (the PIN stays in the app).',
      },
      orderOnTheWay: {
        label: 'Order on its way or ready',
        hint: 'When an order is out for delivery or ready at the kerb.',
      },
      refund: { label: 'Refund made', hint: 'When money is refunded to you.' },
      membership: { label: 'Complex membership', hint: 'When your complex decides on your request to join.' },
      orderChanged: {
        label: 'Changes to my order',
        hint: 'When a shop is out of an item or offers a substitute to accept.',
      },
      shopOrders: {
        label: 'New orders in my shop',
        hint: 'When a new order waits on the board of a shop you work in.',
      },
      lockerSites: {
        label: 'Locker sites offline',
        hint: 'For Petti’s operators: when a site with live bookings loses its connection.',
      },
      planRenewal: {
        label: 'Plan renewal problems',
        hint: 'When an automatic renewal payment fails, before your plan ends.',
      },
      moneyChecks: {
        label: 'Money that does not add up',
        hint: 'For Petti’s operators: when a check of the books finds a payment, refund or transfer out of line.',
      },
    },
  },
  install: {
    title: 'Install Petti on your phone',
    body: 'Open your lockers and orders from the home screen, even with a weak connection.',
    install: 'Install',
    notNow: 'Not now',
  },
  map: {
    loading: 'Loading the map…',
    town: 'Sivakasi',
    youAreHere: 'You are here',
    directions: 'Directions',
    call: 'Call',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
  },
  loading: {
    label: 'Loading…',
  },
  error: {
    title: 'Something went wrong',
    body: 'This page could not be shown. Reload to try again.',
    offlineBody: 'This page has not been saved for offline use yet. Connect to the internet and reload.',
    reload: 'Reload',
    home: 'Go to home',
  },
  notFound: {
    home: 'Go to home',
  },
  errors: {
    offline: 'You are offline. Connect to the internet and try again.',
    network: 'Could not reach Petti. Check your connection and try again.',
    timeout: 'Petti is taking too long to answer. Please try again.',
    busy: 'Petti is busy right now. Please try again in a moment.',
    busyRetrying: 'Petti is busy. Trying again…',
    cancelled: 'The request was cancelled.',
    unknown: 'Something went wrong. Please try again.',
    sessionExpired: 'Your session has ended. Please sign in again.',
    retry: 'Try again',
    home: 'Go to Home',
  },
  validation: {
    phone: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9',
    email: 'Invalid email address',
    nameRequired: 'Enter your name',
    nameTooLong: 'Name must be at most 80 characters',
    code: 'The code is 6 digits',
  },
  scan: {
    aimBarcode: 'Point the camera at the barcode on the pack.',
    aimQr: 'Point the camera at the QR code.',
    close: 'Close the camera',
    denied: 'The camera is blocked. Allow it in the browser settings, or type the code.',
    noCamera: 'The camera could not start. Type the code instead.',
  },
  form: {
    optional: 'optional',
    errorSummary: 'Please correct the highlighted fields.',
  },
  auth: {
    newHere: 'New to Petti?',
    createAccount: 'Create an account',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
    backToSignIn: 'Back to sign in',
    phoneLabel: 'Mobile number',
    countryCode: 'India country code +91',
    phoneHint: 'We will send a 6-digit code to this number by SMS.',
    nameLabel: 'Your name',
    emailLabel: 'Email',
    emailHint: 'For receipts. We will send a link to confirm it.',
    consent:
      'By creating an account you agree to the <terms>Terms and conditions</terms> and the <privacy>Privacy policy</privacy>.',
    sendCode: 'Send code',
    sendingCode: 'Sending code…',
    register: 'Create account',
    notRegistered: 'No Petti account uses this number yet.',
    registerWithNumber: 'Create an account with this number',
    tryAgainInMinutes_one: 'Please try again in {{count}} minute.',
    tryAgainInMinutes_other: 'Please try again in {{count}} minutes.',
    askAgainIn: 'You can ask for another code in {{time}}.',
    askAgainNow: 'You can ask for another code now.',
    welcome: 'You are signed in.',
  },
  otp: {
    sentTo: 'We sent a 6-digit code by SMS to <strong>{{destination}}</strong>.',
    changeNumber: 'Change number',
    codeLabel: '6-digit code',
    digitLabel: 'Digit {{index}} of 6',
    verify: 'Verify',
    verifying: 'Checking the code…',
    expiresIn: 'The code expires in {{time}}.',
    expired: 'This code has expired. Ask for a new one.',
    wrongCode: 'That code is not right.',
    attemptsLeft_one: '{{count}} attempt left.',
    attemptsLeft_other: '{{count}} attempts left.',
    exhausted: 'Too many wrong codes. Ask for a new code.',
    didNotGet: 'Didn’t get the SMS?',
    resend: 'Send a new code',
    resendIn: 'New code in {{time}}',
    resending: 'Sending…',
    resent: 'A new code is on its way to {{destination}}.',
    dndNote:
      'SMS can be delayed when Do-Not-Disturb (DND) is on for your number. Wait a minute before asking for a new code.',
    lostTitle: 'Let’s start again',
    lostAction: 'Back to sign in',
  },
  profile: {
    detailsTitle: 'Your details',
    nameLabel: 'Name',
    phoneLabel: 'Mobile number',
    phoneNote: 'You sign in with this number, so it cannot be changed.',
    emailLabel: 'Email',
    emailHint: 'For receipts and account messages.',
    verified: 'Verified',
    notVerified: 'Not verified',
    verifyEmail: 'Verify email',
    sendingLink: 'Sending link…',
    linkSent: 'We sent a link to {{email}}. Open it to verify your email.',
    saveFirst: 'Save your new email first, then verify it.',
    save: 'Save changes',
    saving: 'Saving…',
    saved: 'Your details are saved.',
    loadFailed: 'We could not load your details.',
    moreTitle: 'More',
  },
  settings: {
    languageTitle: 'Language',
    languageHint: 'For the app and for the messages we send you.',
    languageSaved: 'Language saved.',
    languageLocalOnly: 'Language changed on this phone, but it could not be saved to your account.',
    notificationsTitle: 'Notifications',
    notificationsHint: 'Choose what we tell you about.',
    prefs: {
      bookings: { label: 'Bookings', hint: 'PINs, reminders before time runs out, overstay alerts.' },
      orders: { label: 'Orders', hint: 'Order confirmed, packed, on its way, in a locker, delivered.' },
      offers: { label: 'Offers', hint: 'Discounts and new plans from Petti and local shops.' },
    },
    prefSaveFailed: 'That setting could not be saved. Please try again.',
    accountTitle: 'Account',
    signOut: 'Sign out',
    signOutHint: 'Sign out on this phone.',
    signOutEverywhere: 'Sign out everywhere',
    signOutEverywhereHint: 'Sign out on every phone and computer where you use Petti.',
    signOutEverywhereTitle: 'Sign out everywhere?',
    signOutEverywhereMessage:
      'You will be signed out on every device, this one included. You can sign in again with a code sent to your phone.',
    signedOut: 'You are signed out.',
    signedOutEverywhere: 'You are signed out on every device.',
    signedOutHereOnly:
      'You are signed out on this phone. Petti could not be reached, so other devices may still be signed in: sign in and try again when you are online.',
    deleteAccount: 'Delete account',
    deleteHint: 'Remove your account and your personal details.',
    deleteTitle: 'Delete your account?',
    deleteMessage:
      'Your name, mobile number, email and complex membership will be removed, and you will be signed out on every device. Records of payments and orders are kept without your details, as the law requires. This cannot be undone.',
    deleteConfirm: 'Delete my account',
    deleted: 'Your account has been deleted.',
  },
  emailVerification: {
    checking: 'Checking your link…',
    successTitle: 'Email verified',
    success: '{{email}} is verified. Thank you!',
    invalidTitle: 'This link did not work',
    missingTitle: 'This link is incomplete',
    missing:
      'Part of the link is missing. Open the link from the email again, or send a new one from your profile.',
    newLinkHint: 'You can send a new link from your profile.',
    linkDamaged: 'This link is incomplete or was changed. Open it from the email again.',
    toProfile: 'Go to my profile',
  },
  pages: {
    dashboard: { title: 'Home', description: 'Your lockers, your plan and nearby shops at a glance.' },
    yourBooking: {
      title: 'Your locker',
      description: 'Your PIN, the time left, and what you can do with this booking.',
    },
    booking: {
      title: 'Book a locker',
      description: 'Choose a locker size and how long you need it at this site, then pay to get your PIN.',
    },
    notifications: {
      title: 'Notifications',
      description: 'Updates about your bookings, orders and payments.',
    },
    bookings: {
      title: 'Payment history',
      description: 'Every payment — bookings, extensions, overstay, plans and orders — with its receipt.',
    },
    myProfile: { title: 'My profile', description: 'Your name, mobile number, email and saved addresses.' },
    helpCenter: {
      title: 'Help centre',
      description: 'Search answers to common questions about lockers, orders and payments.',
    },
    chatBot: {
      title: 'Help chat',
      description: 'Ask a question and get answers from our FAQ and from your own bookings and orders.',
    },
    settings: {
      title: 'Settings',
      description: 'Language, notifications, signing out and deleting your account.',
    },
    subscription: { title: 'Plans', description: 'Choose a plan for locker hours or free delivery.' },
    subscribed: { title: 'My plan', description: 'How much of your plan you have used, and when it renews.' },
    becomeSeller: {
      title: 'Become a seller',
      description: 'Apply to sell your shop’s products to shoppers across Sivakasi.',
    },
    sellerLandingPage: {
      title: 'Sell with Petti',
      description:
        'Reach shoppers in Sivakasi with home delivery, parcel lockers, curbside pickup and grab-and-go.',
    },
    thanksPage: {
      title: 'Thank you',
      description: 'Confirmation that your seller application has reached us, and what happens next.',
    },
    myComplex: {
      // The marketplace home: a member's complex above the town's shops (docs/complex.md).
      title: 'My complex and local shops',
      description:
        'Buy from and sell to your neighbours, and order from shops near you for home delivery, a parcel locker or curbside pickup.',
    },
    categoryProducts: { title: 'Products', description: 'Products in this category from sellers near you.' },
    productDetails: {
      title: 'Product details',
      description: 'Prices, pack sizes and stock for this product.',
    },
    listingDetails: {
      title: 'From a neighbour',
      description: 'A neighbour’s item: photos, price, and how it is handed over.',
    },
    sellProduct: {
      title: 'Sell an item',
      description: 'List something for sale to the residents of your complex.',
    },
    search: { title: 'Search', description: 'Find products by name.' },
    procced: { title: 'Checkout', description: 'Review your cart, choose how to receive it and pay.' },
    myOrders: {
      title: 'My orders',
      description: 'Your orders with their live status, and reorder in one tap.',
    },
    myOrder: { title: 'Order details', description: 'The items, delivery and live status of this order.' },
    myAddress: {
      title: 'My addresses',
      description: 'Your saved delivery addresses in Sivakasi and your default.',
    },
    profile: { title: 'Profile', description: 'Your orders, addresses and account.' },
    myCart: { title: 'My cart', description: 'Items from one seller, ready for checkout.' },
    grabAndGo: {
      title: 'Grab & Go',
      description: 'Pick products in a shop, pay in the app and show your exit pass at the door.',
    },
    grabProductDetails: {
      title: 'Product details',
      description: 'Add this product to your grab-and-go cart for this shop.',
    },
    grabPass: {
      title: 'Exit pass',
      description: 'Show this at the shop door within 30 minutes of paying.',
    },
    shops: { title: 'My shop', description: 'The shops you work in: their orders, exit passes and people.' },
    shopBoard: {
      title: 'Orders',
      description: 'New orders ring here. Accept, pack and hand over; everyone in the shop sees each step.',
    },
    shopMoney: {
      title: 'Money',
      description: 'What shoppers paid, what went back, Petti’s fees and what you are owed.',
    },
    shopSettings: {
      title: 'Shop settings',
      description: 'When you are open, holidays, what you offer, how far you deliver, and your GSTIN.',
    },
    shopStock: {
      title: 'Stock',
      description: 'Prices, MRP and stock of every pack; scan a barcode to find it or add a new product.',
    },
    shopPeople: {
      title: 'People',
      description:
        'Who works in this shop, and when it is open. The owner adds and removes staff and sets the hours.',
    },
    operator: {
      title: 'New shops',
      description: 'For Petti’s operators: approve or refuse applications to sell.',
    },
    operatorLockers: {
      title: 'Locker network',
      description:
        'For Petti’s operators: every locker site, what needs a look, and lockers in or out of service.',
    },
    operatorMoney: {
      title: 'Money checks',
      description:
        'For Petti’s operators: payments, refunds and shop transfers that do not add up, and since when.',
    },
    grabStaff: {
      title: 'Check exit passes',
      description: 'For shop staff: scan or type a shopper’s exit pass and compare the items with the bag.',
    },
    curbside: {
      title: 'Curbside pickup',
      description: 'Collect your order at the shop without leaving your vehicle.',
    },
    login: {
      title: 'Sign in',
      description: 'Sign in with your mobile number and a one-time code sent by SMS.',
    },
    otp: {
      title: 'Enter code',
      description: 'Type the code from the SMS to continue.',
    },
    register: {
      title: 'Create account',
      description: 'Sign up with your name and mobile number. Email is optional.',
    },
    privacyPolicy: { title: 'Privacy policy', description: 'What we collect, why, and your choices.' },
    termsConditions: { title: 'Terms and conditions', description: 'The rules for using Petti.' },
    shippingPolicy: {
      title: 'Shipping and delivery',
      description: 'How orders reach you: home delivery, parcel lockers and curbside pickup.',
    },
    pricing: { title: 'Pricing', description: 'Locker prices by size and hour, and subscription plans.' },
    emailVerification: {
      title: 'Verify email',
      description: 'Confirms the email address you added to your Petti account.',
    },
    notFound: {
      title: 'Page not found',
      description: 'We could not find that page. The link may be old or mistyped.',
    },
  },
  legal: {
    privacyPolicy: {
      intro:
        'Petti helps you book smart lockers and buy from local shops in Sivakasi. This policy explains what we collect, why, and the choices you have.',
      collect: {
        title: 'What we collect',
        body: 'Your mobile number and name, and your email if you add one; the delivery addresses and map pins you save; your bookings, orders, plans and payment records; and basic device details such as your language. Card and UPI details go to the payment provider; we never store them.',
      },
      use: {
        title: 'How we use it',
        body: 'To sign you in with a one-time code, run your locker bookings and PINs, deliver your orders, tell you about them, handle refunds and support, and keep the service safe. We do not sell your data or use it for other companies’ advertising.',
      },
      share: {
        title: 'Who sees it',
        body: 'Only what each one needs: the seller who fulfils your order (your name, phone and delivery address), the payment provider, the SMS provider that sends your code, and authorities when the law requires it.',
      },
      keep: {
        title: 'How long we keep it',
        body: 'Account details while your account is open; payment and order records for as long as tax law requires. One-time codes expire within minutes and are stored only in scrambled (hashed) form.',
      },
      rights: {
        title: 'Your choices',
        body: 'You can see and correct your details in the app, change language and notification settings, sign out of every device and delete your account from Settings. Under India’s Digital Personal Data Protection Act, 2023 you can also ask us what data we hold about you.',
      },
      contact: {
        title: 'Contact',
        body: 'For questions or complaints, use the Help centre or the help chat in the app.',
      },
    },
    termsConditions: {
      intro:
        'These terms apply when you use Petti to book lockers, buy plans or order from shops in Sivakasi. By using the app you accept them.',
      account: {
        title: 'Your account',
        body: 'Sign in with a mobile number that is yours. Keep your phone and one-time codes to yourself: you are responsible for what is done with your account.',
      },
      lockers: {
        title: 'Lockers',
        body: 'A booking holds one locker for the time you pay for. Your PIN changes after every opening; do not share it. Take your things out before the booking ends: extra time is charged as overstay and must be paid before the last opening.',
      },
      prohibited: {
        title: 'What you must not store',
        body: 'No fireworks, matches or other explosive or flammable goods, no weapons, illegal items, animals, perishable food, cash or jewellery. If safety requires it, a locker may be opened in the presence of staff.',
      },
      orders: {
        title: 'Orders and prices',
        body: 'Sellers set their prices, GST included, and prices are checked again before you pay. An order is confirmed only once it is paid. Hazardous goods are sold for curbside pickup, store pickup or home delivery only, never through a locker.',
      },
      refunds: {
        title: 'Cancellations and refunds',
        body: 'You can cancel a locker booking before you first open it, and an order before it is packed. Refunds go back to the original payment method, usually within 5–7 working days.',
      },
      liability: {
        title: 'Liability',
        body: 'Petti is not responsible for items stored against these terms. For any booking or order, our liability is limited to the amount you paid for it.',
      },
      law: {
        title: 'Governing law',
        body: 'These terms are governed by the laws of India. Courts in Virudhunagar district, Tamil Nadu, have jurisdiction.',
      },
      credits: {
        title: 'Pictures and credits',
        body: 'Product, shop and category pictures are illustrations from OpenMoji, the open-source emoji and icon project (openmoji.org), used under the Creative Commons Attribution-ShareAlike 4.0 licence. Photos in the complex marketplace belong to the neighbours who took them.',
      },
    },
    shippingPolicy: {
      intro:
        'Petti connects you with local sellers in Sivakasi. Each order is fulfilled by its seller in one of these ways.',
      area: {
        title: 'Where we deliver',
        body: 'Only within Sivakasi town, and only within each seller’s delivery range, measured by road distance from the shop.',
      },
      home: {
        title: 'Home delivery',
        body: 'The seller delivers to the address you choose, usually the same day. Any delivery fee is shown before you pay.',
      },
      locker: {
        title: 'Parcel locker',
        body: 'The seller places your order in a Petti locker and you get a pickup PIN. The locker is held for 48 hours; after that the order goes back to the seller.',
      },
      curbside: {
        title: 'Curbside pickup',
        body: 'Give the shop your vehicle number and tap “I’m here”; staff bring the order to you. Hazardous goods such as fireworks are collected this way or at the shop.',
      },
      problems: {
        title: 'Late, missing or damaged orders',
        body: 'Tell us within 24 hours through the Help centre. We will arrange a replacement or a refund with the seller.',
      },
    },
  },
  live: liveEn,
};

/** What a translation must provide of the common strings: every key of the English ones. */
export type CommonMessages = Widen<typeof commonEn>;
export type PageId = keyof CommonMessages['pages'];
