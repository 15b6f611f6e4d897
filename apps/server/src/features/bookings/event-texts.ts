import { formatRupees, wholeRupees } from '@petti/shared/rules/money';
import { townDateTime, townTime } from '@petti/shared/rules/town-time';
import type { Localized } from '../../db/columns.ts';

/** What an event's words may mention. */
export interface TextContext {
  site: Localized;
  size: string;
  locker?: string | null;
  startsAt?: Date;
  endsAt?: Date;
  reason?: string;
  amountPaise?: number;
  hours?: number;
  sizes?: string[];
  sites?: Localized[];
  /** Until when something lasts (a paused keypad). */
  until?: Date;
}

export interface EventTexts {
  title: Localized;
  body: Localized;
  /** Also stored as a notification. */
  keep: boolean;
}

/** `20 Nov, 3:30 pm` / `நவ. 20, பிற்பகல் 3:30`: the town's 12-hour time in each language, as the screens show it. */
export const townTimes = (d: Date): Localized => ({ en: townDateTime(d, 'en'), ta: townDateTime(d, 'ta') });

/** Whole rupees with Indian digit grouping (₹1,20,000), as lists show them. */
const rupees = (paise = 0) => formatRupees(wholeRupees(paise) * 100);
const t = (en: string, ta: string): Localized => ({ en, ta });

type Maker = (
  c: Omit<TextContext, 'until'> & {
    s: Localized;
    start: Localized;
    end: Localized;
    lk: string;
    until?: Localized;
  },
) => EventTexts;

/** A booking that ended the ordinary way: the holder's own booking, ended or run out. */
const bookingEndedAsBooked = ({ s }: { s: Localized }): EventTexts => ({
  title: t('Booking ended', 'முன்பதிவு முடிந்தது'),
  body: t(
    `Your booking at ${s.en} has ended. Thank you for using Petti.`,
    `${s.ta} இடத்தில் உங்கள் முன்பதிவு முடிந்தது. Petti-ஐப் பயன்படுத்தியதற்கு நன்றி.`,
  ),
  keep: true,
});

/**
 * A booking's end worded for why it ended. A parcel hold's end is told to the buyer, who booked
 * nothing: an order collected from a locker, or a locker no longer held for an order that was called
 * off (the order's own event says why).
 */
const ENDED_BY_REASON: Record<string, (c: { s: Localized; lk: string }) => EventTexts> = {
  cleared_by_staff: ({ s, lk }) => ({
    title: t('Your things are at the site office', 'உங்கள் பொருட்கள் தள அலுவலகத்தில் உள்ளன'),
    body: t(
      `Your time at ${s.en} ran out and the next booking needed locker ${lk}, so our staff took your things out. Collect them at the site office; nothing more is charged in the app.`,
      `${s.ta} இடத்தில் உங்கள் நேரம் முடிந்து, அடுத்த முன்பதிவுக்கு ${lk} லாக்கர் தேவைப்பட்டதால், எங்கள் ஊழியர்கள் உங்கள் பொருட்களை வெளியே எடுத்துள்ளனர். அவற்றைத் தள அலுவலகத்தில் பெற்றுக்கொள்ளுங்கள்; செயலியில் மேலும் கட்டணம் இல்லை.`,
    ),
    keep: true,
  }),
  collected: ({ s, lk }) => ({
    title: t('Order collected', 'ஆர்டர் பெறப்பட்டது'),
    body: t(
      `You collected your order from locker ${lk} at ${s.en}. Thank you for using Petti.`,
      `${s.ta} இடத்தில் ${lk} லாக்கரிலிருந்து உங்கள் ஆர்டரைப் பெற்றுக்கொண்டீர்கள். Petti-ஐப் பயன்படுத்தியதற்கு நன்றி.`,
    ),
    keep: true,
  }),
  released: ({ s }) => ({
    title: t('Locker no longer held', 'லாக்கர் இனி ஒதுக்கப்படவில்லை'),
    body: t(
      `The locker at ${s.en} is no longer held for your order.`,
      `${s.ta} இடத்தில் உங்கள் ஆர்டருக்காக லாக்கர் இனி ஒதுக்கப்படவில்லை.`,
    ),
    keep: false,
  }),
};

const STATUS_BODIES: Record<string, Maker> = {
  opened: ({ s }) => ({
    title: t('Locker in use', 'லாக்கர் பயன்பாட்டில்'),
    body: t(`Your locker at ${s.en} is in use.`, `${s.ta} இடத்தில் உங்கள் லாக்கர் பயன்பாட்டில் உள்ளது.`),
    keep: false,
  }),
  moved: ({ s, start }) => ({
    title: t('Booking moved', 'முன்பதிவு மாற்றப்பட்டது'),
    body: t(
      `Your booking at ${s.en} now starts at ${start.en}.`,
      `${s.ta} இடத்தில் உங்கள் முன்பதிவு இப்போது ${start.ta} மணிக்குத் தொடங்கும்.`,
    ),
    keep: true,
  }),
  relocated: ({ s, lk }) => ({
    title: t('Locker changed', 'லாக்கர் மாற்றப்பட்டது'),
    body: t(
      `The previous user has not emptied their locker, so your booking at ${s.en} moved to locker ${lk}.`,
      `முந்தைய பயனர் லாக்கரைக் காலி செய்யாததால், ${s.ta} இடத்தில் உங்கள் முன்பதிவு ${lk} லாக்கருக்கு மாற்றப்பட்டது.`,
    ),
    keep: true,
  }),
  outOfService: ({ s, lk }) => ({
    title: t('Locker changed', 'லாக்கர் மாற்றப்பட்டது'),
    body: t(
      `The locker you booked at ${s.en} needs repair, so your booking moved to locker ${lk}. Your PIN and times stay the same.`,
      `${s.ta} இடத்தில் நீங்கள் முன்பதிவு செய்த லாக்கர் பழுதுபார்க்கப்பட வேண்டியிருப்பதால், உங்கள் முன்பதிவு ${lk} லாக்கருக்கு மாற்றப்பட்டது. உங்கள் PIN-உம் நேரமும் மாறாது.`,
    ),
    keep: true,
  }),
  outOfServiceNearby: ({ s, lk, sites = [] }) => {
    const was = sites[0] ?? s;
    return {
      title: t('Locker changed', 'லாக்கர் மாற்றப்பட்டது'),
      body: t(
        `The locker you booked at ${was.en} needs repair and none of its size is free there, so your booking moved to locker ${lk} at ${s.en}, nearby, at no extra charge. Your PIN and times stay the same.`,
        `${was.ta} இடத்தில் நீங்கள் முன்பதிவு செய்த லாக்கர் பழுதுபார்க்கப்பட வேண்டியுள்ளது, அங்கு அதே அளவில் வேறு லாக்கர் காலியாக இல்லை; எனவே உங்கள் முன்பதிவு அருகிலுள்ள ${s.ta} இடத்தின் ${lk} லாக்கருக்குக் கூடுதல் கட்டணமின்றி மாற்றப்பட்டது. உங்கள் PIN-உம் நேரமும் மாறாது.`,
      ),
      keep: true,
    };
  },
  extensionPending: ({ s }) => ({
    title: t('Extension waiting for payment', 'நீட்டிப்பு கட்டணத்துக்குக் காத்திருக்கிறது'),
    body: t(`Pay to extend your booking at ${s.en}.`, `${s.ta} இடத்தில் முன்பதிவை நீட்டிக்க பணம் செலுத்தவும்.`),
    keep: false,
  }),
  extensionLapsed: ({ s }) => ({
    title: t('Extension not paid', 'நீட்டிப்புக்குக் கட்டணம் இல்லை'),
    body: t(
      `The extension at ${s.en} was not paid in time, so your booking keeps its old end.`,
      `${s.ta} இடத்தில் நீட்டிப்புக்கு நேரத்தில் பணம் செலுத்தப்படாததால், முன்பதிவு பழைய முடிவு நேரத்திலேயே இருக்கும்.`,
    ),
    keep: true,
  }),
  paymentFailed: ({ s }) => ({
    title: t('Payment failed', 'கட்டணம் தோல்வியடைந்தது'),
    body: t(
      `The payment for your booking at ${s.en} failed. You can try again while the locker is held.`,
      `${s.ta} இடத்தில் உங்கள் முன்பதிவுக்கான கட்டணம் தோல்வியடைந்தது. லாக்கர் ஒதுக்கப்பட்டிருக்கும் வரை மீண்டும் முயற்சிக்கலாம்.`,
    ),
    keep: true,
  }),
  overstayPaid: ({ s }) => ({
    title: t('Overstay paid', 'கூடுதல் நேரக் கட்டணம் செலுத்தப்பட்டது'),
    body: t(
      `You can now open your locker at ${s.en} one last time.`,
      `${s.ta} இடத்தில் உங்கள் லாக்கரை இப்போது கடைசியாகத் திறக்கலாம்.`,
    ),
    keep: false,
  }),
  latePaymentRefunded: ({ s }) => ({
    title: t('Payment to be refunded', 'கட்டணம் திருப்பித் தரப்படும்'),
    body: t(
      `Your payment arrived after the hold at ${s.en} had ended, so it will be refunded.`,
      `${s.ta} இடத்தில் ஒதுக்கீடு முடிந்த பிறகு உங்கள் கட்டணம் வந்ததால் அது திருப்பித் தரப்படும்.`,
    ),
    keep: true,
  }),
};

const ATTENTION: Record<string, (c: { s: Localized; lk: string }) => Localized> = {
  door_left_open: ({ s, lk }) =>
    t(
      `The door of locker ${lk} at ${s.en} has been open for over 2 minutes. Please close it.`,
      `${s.ta} இடத்தில் ${lk} லாக்கரின் கதவு 2 நிமிடங்களுக்கு மேல் திறந்திருக்கிறது. தயவுசெய்து மூடவும்.`,
    ),
  forced: ({ s, lk }) =>
    t(
      `Locker ${lk} at ${s.en} was forced open. Our team has been told.`,
      `${s.ta} இடத்தில் ${lk} லாக்கர் வலுக்கட்டாயமாகத் திறக்கப்பட்டது. எங்கள் குழுவுக்குத் தெரிவிக்கப்பட்டது.`,
    ),
  fault: ({ s, lk }) =>
    t(
      `Locker ${lk} at ${s.en} reported a fault. Our team has been told.`,
      `${s.ta} இடத்தில் ${lk} லாக்கரில் கோளாறு. எங்கள் குழுவுக்குத் தெரிவிக்கப்பட்டது.`,
    ),
  unexpected_open: ({ s, lk }) =>
    t(
      `Locker ${lk} at ${s.en} opened without a request. Our team has been told.`,
      `${s.ta} இடத்தில் ${lk} லாக்கர் கோரிக்கையின்றித் திறந்தது. எங்கள் குழுவுக்குத் தெரிவிக்கப்பட்டது.`,
    ),
};

const MAKERS: Record<string, Maker> = {
  bookingCreated: ({ s, size, reason }) =>
    reason === 'covered'
      ? {
          title: t('Locker booked', 'லாக்கர் முன்பதிவு செய்யப்பட்டது'),
          body: t(
            `Your size ${size} locker at ${s.en} is booked; your plan pays for it.`,
            `${s.ta} இடத்தில் உங்கள் ${size} அளவு லாக்கர் முன்பதிவு செய்யப்பட்டது; உங்கள் திட்டம் அதற்குச் செலுத்துகிறது.`,
          ),
          keep: false,
        }
      : {
          title: t('Locker held for you', 'உங்களுக்காக லாக்கர் ஒதுக்கப்பட்டது'),
          body: t(
            `A size ${size} locker at ${s.en} is held for 5 minutes. Pay to confirm.`,
            `${s.ta} இடத்தில் ${size} அளவு லாக்கர் 5 நிமிடங்களுக்கு ஒதுக்கப்பட்டுள்ளது. உறுதிசெய்ய பணம் செலுத்தவும்.`,
          ),
          keep: false,
        },
  bookingCreatedScheduled: ({ s, size, start }) => ({
    title: t('Booking scheduled', 'முன்பதிவு திட்டமிடப்பட்டது'),
    body: t(
      `Your size ${size} locker at ${s.en} is booked from ${start.en}. Your PIN comes 15 minutes before.`,
      `${s.ta} இடத்தில் உங்கள் ${size} அளவு லாக்கர் ${start.ta} முதல் முன்பதிவு செய்யப்பட்டுள்ளது. தொடக்கத்துக்கு 15 நிமிடங்களுக்கு முன் PIN வரும்.`,
    ),
    keep: true,
  }),
  bookingCreatedExtended: ({ s, end }) => ({
    title: t('Booking extended', 'முன்பதிவு நீட்டிக்கப்பட்டது'),
    body: t(
      `Your locker at ${s.en} is yours until ${end.en}.`,
      `${s.ta} இடத்தில் உள்ள உங்கள் லாக்கர் ${end.ta} வரை உங்களுடையது.`,
    ),
    keep: true,
  }),
  bookingCreatedWaitlisted: ({ s, size }) => ({
    title: t('You are on the waitlist', 'நீங்கள் காத்திருப்புப் பட்டியலில் உள்ளீர்கள்'),
    body: t(
      `All size ${size} lockers at ${s.en} are taken. We will hold one for you as soon as one frees up.`,
      `${s.ta} இடத்தில் எல்லா ${size} அளவு லாக்கர்களும் நிரம்பியுள்ளன. ஒன்று காலியானதும் உங்களுக்காக ஒதுக்குவோம்.`,
    ),
    keep: true,
  }),
  bookingTimedOut: ({ s, size, reason }) =>
    reason === 'scheduled'
      ? {
          title: t('Booking timed out', 'முன்பதிவு காலாவதியானது'),
          body: t(
            `Your scheduled locker at ${s.en} was not opened within 30 minutes of its start, so it has been released.`,
            `${s.ta} இடத்தில் திட்டமிட்ட லாக்கர் தொடக்கத்திலிருந்து 30 நிமிடங்களுக்குள் திறக்கப்படாததால் விடுவிக்கப்பட்டது.`,
          ),
          keep: true,
        }
      : reason === 'waitlist'
        ? {
            title: t('Waitlist ended', 'காத்திருப்பு முடிந்தது'),
            body: t(
              `No size ${size} locker freed up at ${s.en} in time. Please try another size or site.`,
              `${s.ta} இடத்தில் நேரத்துக்குள் ${size} அளவு லாக்கர் காலியாகவில்லை. வேறு அளவு அல்லது இடத்தை முயற்சிக்கவும்.`,
            ),
            keep: true,
          }
        : {
            title: t('Hold expired', 'ஒதுக்கீடு காலாவதியானது'),
            body: t(
              `The locker at ${s.en} was not paid for within 5 minutes and has been released.`,
              `${s.ta} இடத்தில் உள்ள லாக்கருக்கு 5 நிமிடங்களுக்குள் பணம் செலுத்தப்படாததால் அது விடுவிக்கப்பட்டது.`,
            ),
            keep: true,
          },
  bookingReserved: ({ s, size }) => ({
    title: t('Locker ready', 'லாக்கர் தயார்'),
    body: t(
      `Your size ${size} locker at ${s.en} is ready. Open it with your PIN or from the app.`,
      `${s.ta} இடத்தில் உங்கள் ${size} அளவு லாக்கர் தயார். உங்கள் PIN அல்லது செயலி மூலம் திறக்கவும்.`,
    ),
    keep: true,
  }),
  waitingForUnlock: ({ s }) => ({
    title: t('Opening your locker', 'உங்கள் லாக்கர் திறக்கப்படுகிறது'),
    body: t(`Waiting for your locker at ${s.en} to open.`, `${s.ta} இடத்தில் உங்கள் லாக்கர் திறக்கக் காத்திருக்கிறது.`),
    keep: false,
  }),
  unlockStatus: ({ s, lk, reason }) =>
    reason === 'opened'
      ? {
          title: t('Locker open', 'லாக்கர் திறந்தது'),
          body: t(`Locker ${lk} at ${s.en} is open.`, `${s.ta} இடத்தில் ${lk} லாக்கர் திறந்துள்ளது.`),
          keep: false,
        }
      : {
          title: t('Locker did not open', 'லாக்கர் திறக்கவில்லை'),
          body: t(
            `Locker ${lk} at ${s.en} did not report opening. Please try again.`,
            `${s.ta} இடத்தில் ${lk} லாக்கர் திறந்ததாகத் தெரிவிக்கவில்லை. மீண்டும் முயற்சிக்கவும்.`,
          ),
          keep: true,
        },
  pinExpiryUpdated: ({ s, end }) => ({
    title: t('PIN valid longer', 'PIN செல்லுபடி நீட்டிக்கப்பட்டது'),
    body: t(
      `Your PIN for ${s.en} now works until ${end.en}.`,
      `${s.ta} இடத்துக்கான உங்கள் PIN இப்போது ${end.ta} வரை செல்லும்.`,
    ),
    keep: false,
  }),
  dynamicPinChanged: ({ s }) => ({
    title: t('New PIN', 'புதிய PIN'),
    body: t(
      `Your locker at ${s.en} has a new PIN. The old one no longer works.`,
      `${s.ta} இடத்தில் உள்ள உங்கள் லாக்கருக்கு புதிய PIN. பழையது இனி செல்லாது.`,
    ),
    keep: false,
  }),
  dynamicPinDeleted: ({ s }) => ({
    title: t('PIN removed', 'PIN நீக்கப்பட்டது'),
    body: t(
      `The PIN for your locker at ${s.en} no longer works.`,
      `${s.ta} இடத்தில் உள்ள உங்கள் லாக்கரின் PIN இனி செல்லாது.`,
    ),
    keep: false,
  }),
  bookingEnded: (c) => (ENDED_BY_REASON[c.reason ?? ''] ?? bookingEndedAsBooked)(c),
  bookingEndingSoon: ({ s, end }) => ({
    title: t('Locker time ending soon', 'லாக்கர் நேரம் விரைவில் முடிகிறது'),
    body: t(
      `Your time at ${s.en} ends at ${end.en}. Extend it in the app, or empty the locker before then.`,
      `${s.ta} இடத்தில் உங்கள் நேரம் ${end.ta} மணிக்கு முடிகிறது. செயலியில் நீட்டிக்கவும், அல்லது அதற்குள் லாக்கரைக் காலி செய்யவும்.`,
    ),
    keep: true,
  }),
  bookingExpired: ({ s }) => ({
    title: t('Booking time is over', 'முன்பதிவு நேரம் முடிந்தது'),
    body: t(
      `Your time at ${s.en} ran out. Overstay is charged per hour; pay it to open the locker one last time.`,
      `${s.ta} இடத்தில் உங்கள் நேரம் முடிந்தது. கூடுதல் நேரத்துக்கு மணிக்குக் கட்டணம்; லாக்கரைக் கடைசியாகத் திறக்க அதைச் செலுத்தவும்.`,
    ),
    keep: true,
  }),
  bookingStatusChanged: (c) => (STATUS_BODIES[c.reason ?? ''] ?? STATUS_BODIES.opened!)(c),
  userBookingDeleted: ({ s, amountPaise, reason }) => ({
    title: t('Booking cancelled', 'முன்பதிவு ரத்து செய்யப்பட்டது'),
    body:
      reason === 'outOfService'
        ? t(
            `The locker you booked at ${s.en} needs repair and no other of its size is free for your time, so we cancelled your booking.${amountPaise ? ` All you paid, ${rupees(amountPaise)}, will be refunded.` : ''}`,
            `${s.ta} இடத்தில் நீங்கள் முன்பதிவு செய்த லாக்கர் பழுதுபார்க்கப்பட வேண்டியுள்ளது; உங்கள் நேரத்துக்கு அதே அளவில் வேறு லாக்கர் காலியாக இல்லை, எனவே உங்கள் முன்பதிவை ரத்து செய்தோம்.${amountPaise ? ` நீங்கள் செலுத்திய ${rupees(amountPaise)} முழுவதும் திருப்பித் தரப்படும்.` : ''}`,
          )
        : amountPaise
          ? t(
              `Your booking at ${s.en} is cancelled. ${rupees(amountPaise)} will be refunded.`,
              `${s.ta} இடத்தில் உங்கள் முன்பதிவு ரத்து செய்யப்பட்டது. ${rupees(amountPaise)} திருப்பித் தரப்படும்.`,
            )
          : t(`Your booking at ${s.en} is cancelled.`, `${s.ta} இடத்தில் உங்கள் முன்பதிவு ரத்து செய்யப்பட்டது.`),
    keep: true,
  }),
  attentionRequired: ({ s, lk, reason }) => ({
    title: t('Attention needed at your locker', 'உங்கள் லாக்கரில் கவனம் தேவை'),
    body: (ATTENTION[reason ?? 'fault'] ?? ATTENTION.fault!)({ s, lk }),
    keep: true,
  }),
  otherSizeLockersReceived: ({ s, sizes = [] }) => ({
    title: t('Other sizes are free', 'மற்ற அளவுகள் காலியாக உள்ளன'),
    body: t(
      `Sizes ${sizes.join(', ')} are free at ${s.en} for the same time.`,
      `${s.ta} இடத்தில் அதே நேரத்துக்கு ${sizes.join(', ')} அளவுகள் காலியாக உள்ளன.`,
    ),
    keep: false,
  }),
  sameSizeScheduledBookingOffered: ({ s, size, start }) => ({
    title: t('A later time is free', 'பிந்தைய நேரம் காலியாக உள்ளது'),
    body: t(
      `A size ${size} locker at ${s.en} is free from ${start.en}.`,
      `${s.ta} இடத்தில் ${size} அளவு லாக்கர் ${start.ta} முதல் காலியாக உள்ளது.`,
    ),
    keep: false,
  }),
  otherAvailabilityData: ({ size, sites = [] }) => ({
    title: t('Free at other sites', 'மற்ற இடங்களில் காலியாக உள்ளது'),
    body: t(
      `Size ${size} lockers are free now at ${sites.map((x) => x.en).join(', ')}.`,
      `${sites.map((x) => x.ta).join(', ')} ஆகிய இடங்களில் இப்போது ${size} அளவு லாக்கர்கள் காலியாக உள்ளன.`,
    ),
    keep: false,
  }),
  availableLockerFound: ({ s, size, reason }) => ({
    title: t('A locker is free for you', 'உங்களுக்கு ஒரு லாக்கர் கிடைத்தது'),
    body:
      reason === 'covered'
        ? t(
            `A size ${size} locker at ${s.en} is now yours.`,
            `${s.ta} இடத்தில் ${size} அளவு லாக்கர் இப்போது உங்களுடையது.`,
          )
        : t(
            `A size ${size} locker at ${s.en} is held for you for 5 minutes. Pay to confirm.`,
            `${s.ta} இடத்தில் ${size} அளவு லாக்கர் 5 நிமிடங்களுக்கு உங்களுக்காக ஒதுக்கப்பட்டுள்ளது. உறுதிசெய்ய பணம் செலுத்தவும்.`,
          ),
    keep: true,
  }),
  updateExpiredBookingTaskToken: ({ s, amountPaise, hours }) => ({
    title: t('Overstay to pay', 'கூடுதல் நேரக் கட்டணம்'),
    body: t(
      `Pay ${rupees(amountPaise)} for ${hours} hour(s) of overstay to open your locker at ${s.en}.`,
      `${s.ta} இடத்தில் உங்கள் லாக்கரைத் திறக்க ${hours} மணி நேரக் கூடுதல் நேரத்துக்கு ${rupees(amountPaise)} செலுத்தவும்.`,
    ),
    keep: true,
  }),
  UserNotEnable: ({ s }) => ({
    title: t('Residents only', 'குடியிருப்பாளர்களுக்கு மட்டும்'),
    body: t(
      `The lockers at ${s.en} are only for residents of its complex.`,
      `${s.ta} லாக்கர்கள் அந்தக் குடியிருப்பில் வசிப்பவர்களுக்கு மட்டுமே.`,
    ),
    keep: false,
  }),
  keypadPaused: ({ s, until, reason }) =>
    reason === 'closed'
      ? {
          title: t('Keypad closed', 'விசைப்பலகை மூடப்பட்டது'),
          body: t(
            `Too many wrong PINs were typed at ${s.en} today, so its keypad takes none until ${until?.en ?? 'an operator reopens it'} or Petti's operators reopen it. You can still open your locker from the app.`,
            `இன்று ${s.ta} இடத்தில் பல தவறான PIN-கள் உள்ளிடப்பட்டதால், ${until?.ta ?? 'இயக்குநர் திறக்கும்'} வரை அல்லது Petti இயக்குநர்கள் மீண்டும் திறக்கும் வரை அதன் விசைப்பலகை PIN எதையும் ஏற்காது. அதுவரை ஆப்பிலிருந்து உங்கள் லாக்கரைத் திறக்கலாம்.`,
          ),
          keep: true,
        }
      : {
          title: t('Keypad paused', 'விசைப்பலகை நிறுத்தப்பட்டுள்ளது'),
          body: t(
            `Wrong PINs were typed at ${s.en}, so its keypad takes none until ${until?.en ?? 'a few minutes pass'}. You can still open your locker from the app.`,
            `${s.ta} இடத்தில் தவறான PIN-கள் உள்ளிடப்பட்டதால், ${until?.ta ?? 'சில நிமிடங்கள்'} வரை அதன் விசைப்பலகை PIN எதையும் ஏற்காது. அதுவரை ஆப்பிலிருந்து உங்கள் லாக்கரைத் திறக்கலாம்.`,
          ),
          // A pause of minutes is said live; only a closed keypad is worth a kept notification.
          keep: false,
        },
  lockerOffline: ({ s, reason, until }) => ({
    title: t('Locker site offline', 'லாக்கர் இடம் இணைப்பில் இல்லை'),
    body:
      reason === 'booking' && until
        ? t(
            `${s.en} is offline right now. Your PIN still opens your locker at the keypad until ${until.en}; opening from the app waits until the site is back.`,
            `${s.ta} இப்போது இணைப்பில் இல்லை. ${until.ta} வரை விசைப்பலகையில் உங்கள் PIN லாக்கரைத் திறக்கும்; ஆப்பிலிருந்து திறப்பது இடம் மீண்டும் இணையும் வரை காத்திருக்கும்.`,
          )
        : reason === 'pinStillWorks' && until
          ? t(
              `${s.en} is offline right now, so its keypad has not heard that this booking is over: your old PIN still opens the locker until ${until.en}.`,
              `${s.ta} இப்போது இணைப்பில் இல்லை, அதனால் இந்த முன்பதிவு முடிந்தது அதன் விசைப்பலகைக்குத் தெரியாது: ${until.ta} வரை உங்கள் பழைய PIN லாக்கரைத் திறக்கும்.`,
            )
          : reason === 'unlock'
            ? t(
                `${s.en} is offline right now, so the app cannot open your locker. Type your PIN on the site’s keypad: it still opens it.`,
                `${s.ta} இப்போது இணைப்பில் இல்லை, அதனால் ஆப்பால் உங்கள் லாக்கரைத் திறக்க முடியாது. விசைப்பலகையில் உங்கள் PIN-ஐ உள்ளிடுங்கள்: அது இன்னும் திறக்கும்.`,
              )
            : reason === 'booking'
              ? t(
                  `${s.en} is offline right now. Opening your locker may not work until it is back.`,
                  `${s.ta} இப்போது இணைப்பில் இல்லை. அது மீண்டும் இணையும் வரை உங்கள் லாக்கரைத் திறக்க முடியாமல் போகலாம்.`,
                )
              : t(
                  `${s.en} is offline right now. Please choose another site.`,
                  `${s.ta} இப்போது இணைப்பில் இல்லை. வேறு இடத்தைத் தேர்வுசெய்யவும்.`,
                ),
    keep: reason === 'booking' || reason === 'pinStillWorks',
  }),
};

/** What Petti's operators are told when a site with live bookings goes offline (not a shopper's event). */
export function operatorSiteOfflineTexts(site: Localized, since: Date, bookings: number) {
  const at = { en: townTime(since, 'en'), ta: townTime(since, 'ta') };
  return {
    title: t(`Offline: ${site.en}`, `இணைப்பில் இல்லை: ${site.ta}`),
    body: t(
      `${site.en} has been offline since ${at.en} with ${bookings} live booking${bookings === 1 ? '' : 's'}; their shoppers were told. The locker network in the app has the details.`,
      `${site.ta} ${at.ta} முதல் இணைப்பில் இல்லை; ${bookings} நேரடி முன்பதிவுகள் உள்ளன, அவற்றின் வாடிக்கையாளர்களுக்குத் தெரிவிக்கப்பட்டது. விவரங்கள் செயலியின் லாக்கர் வலையமைப்பில் உள்ளன.`,
    ),
  };
}

/** What Petti's operators are told when wrong PINs closed a site's keypad (docs/locker-protocol.md#guessing). */
export function operatorKeypadClosedTexts(site: Localized, until: Date) {
  const at = { en: townTime(until, 'en'), ta: townTime(until, 'ta') };
  return {
    title: t(`Keypad closed: ${site.en}`, `விசைப்பலகை மூடப்பட்டது: ${site.ta}`),
    body: t(
      `Too many wrong PINs at ${site.en} today: someone may be guessing. Its keypad takes none until ${at.en} unless you reopen it from the locker network; the app still opens its lockers.`,
      `இன்று ${site.ta} இடத்தில் பல தவறான PIN-கள்: யாரோ ஊகிக்க முயலலாம். நீங்கள் லாக்கர் வலையமைப்பிலிருந்து மீண்டும் திறக்காவிட்டால் ${at.ta} வரை அதன் விசைப்பலகை PIN எதையும் ஏற்காது; ஆப் அதன் லாக்கர்களைத் திறக்கும்.`,
    ),
  };
}

export function eventTexts(event: string, c: TextContext): EventTexts {
  const maker = MAKERS[event];
  if (!maker) throw new Error(`no texts for event ${event}`);
  return maker({
    ...c,
    s: c.site,
    start: c.startsAt ? townTimes(c.startsAt) : { en: '', ta: '' },
    end: c.endsAt ? townTimes(c.endsAt) : { en: '', ta: '' },
    until: c.until ? { en: townTime(c.until, 'en'), ta: townTime(c.until, 'ta') } : undefined,
    lk: c.locker ?? '',
  });
}

export const EVENTS_WITH_TEXTS = Object.keys(MAKERS);
