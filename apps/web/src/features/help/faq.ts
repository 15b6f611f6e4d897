import { CART_LIMITS } from '@petti/shared/constants';

/**
 * The help centre's questions and answers, in English and Tamil. They state Petti's own rules
 * (docs/lockers.md, docs/marketplace.md, docs/payments.md); change them when a rule changes.
 */

export type FaqTopic = 'lockers' | 'payments' | 'shops' | 'account';

export interface FaqEntry {
  id: string;
  topic: FaqTopic;
  q: { en: string; ta: string };
  a: { en: string; ta: string };
}

export const FAQ_TOPICS: readonly FaqTopic[] = ['lockers', 'payments', 'shops', 'account'];

export const FAQ: readonly FaqEntry[] = [
  {
    id: 'book-locker',
    topic: 'lockers',
    q: { en: 'How do I book a locker?', ta: 'லாக்கரை எப்படி முன்பதிவு செய்வது?' },
    a: {
      en: 'Open Home, choose a site, then the size, how long and when (now or later). The price shown already includes GST and your plan. Pay, and the PIN appears on the booking.',
      ta: 'முகப்பைத் திறந்து, ஒரு இடத்தைத் தேர்ந்தெடுத்து, அளவு, எவ்வளவு நேரம், எப்போது (இப்போது அல்லது பின்னர்) என்பதைத் தேர்வுசெய்யுங்கள். காட்டப்படும் விலையில் GST-யும் உங்கள் திட்டமும் ஏற்கனவே சேர்க்கப்பட்டுள்ளன. பணம் செலுத்தியதும் PIN முன்பதிவில் தோன்றும்.',
    },
  },
  {
    id: 'pin',
    topic: 'lockers',
    q: { en: 'How does the locker PIN work?', ta: 'லாக்கர் PIN எப்படி வேலை செய்கிறது?' },
    a: {
      en: 'Type the 6-digit PIN on the keypad at the site, or press “Open from the app”. The PIN changes after every open, so an old one cannot open the door again. You can renew it at any time, and it stays readable on your phone without a connection.',
      ta: 'இடத்தில் உள்ள விசைப்பலகையில் 6 இலக்க PIN-ஐ உள்ளிடுங்கள், அல்லது “செயலியிலிருந்து திற” என்பதை அழுத்துங்கள். ஒவ்வொரு முறை திறந்த பிறகும் PIN மாறும், எனவே பழைய PIN மீண்டும் கதவைத் திறக்காது. எப்போது வேண்டுமானாலும் புதுப்பிக்கலாம்; இணைப்பு இல்லாமலும் உங்கள் கைபேசியில் பார்க்கலாம்.',
    },
  },
  {
    id: 'share-pin',
    topic: 'lockers',
    q: {
      en: 'Can someone else collect from my locker?',
      ta: 'என் லாக்கரிலிருந்து வேறொருவர் எடுக்க முடியுமா?',
    },
    a: {
      en: 'Yes. On the booking, use “Share PIN” to send it through your phone, or “Send by SMS”. Whoever has it can open the locker once: the PIN then changes, so share the new one if they need to open it again.',
      ta: 'ஆம். முன்பதிவில் “PIN பகிர்” மூலம் உங்கள் கைபேசி வழியாகவோ “SMS மூலம் அனுப்பு” மூலமோ அனுப்புங்கள். அதை வைத்திருப்பவர் லாக்கரை ஒரு முறை திறக்கலாம்: பிறகு PIN மாறும், எனவே மீண்டும் திறக்க வேண்டுமெனில் புதியதைப் பகிருங்கள்.',
    },
  },
  {
    id: 'overstay',
    topic: 'lockers',
    q: { en: 'What if my time runs out?', ta: 'என் நேரம் முடிந்துவிட்டால் என்ன?' },
    a: {
      en: 'Extend before the end if the next booking allows it. Once time runs out, overstay is charged per hour and must be paid before the last open. If the next booking needs the locker, our staff may take your things to the site office.',
      ta: 'அடுத்த முன்பதிவு அனுமதித்தால், முடிவதற்கு முன் நீட்டிக்கலாம். நேரம் முடிந்த பிறகு கூடுதல் நேரத்துக்கு மணிக்குக் கட்டணம்; கடைசியாகத் திறப்பதற்கு முன் அதைச் செலுத்த வேண்டும். அடுத்த முன்பதிவுக்கு லாக்கர் தேவைப்பட்டால், எங்கள் ஊழியர்கள் உங்கள் பொருட்களைத் தள அலுவலகத்துக்கு எடுத்துச் செல்லலாம்.',
    },
  },
  {
    id: 'cancel-booking',
    topic: 'lockers',
    q: { en: 'Can I cancel a booking and get a refund?', ta: 'முன்பதிவை ரத்து செய்து பணம் திரும்பப் பெறலாமா?' },
    a: {
      en: 'Before the locker is first opened, yes. A scheduled booking cancelled 60 minutes or more before its start is refunded in full; later, or once reserved, half is refunded. Plan hours always come back.',
      ta: 'லாக்கர் முதன்முறை திறக்கப்படுவதற்கு முன், ஆம். தொடக்கத்துக்கு 60 நிமிடம் அல்லது அதற்கு முன் ரத்து செய்யப்படும் திட்டமிட்ட முன்பதிவுக்கு முழுப் பணமும் திரும்பும்; அதன் பிறகு அல்லது ஒதுக்கப்பட்ட பின் பாதி திரும்பும். திட்ட மணிநேரங்கள் எப்போதும் திரும்பும்.',
    },
  },
  {
    id: 'full-site',
    topic: 'lockers',
    q: { en: 'What if the size I want is full?', ta: 'நான் விரும்பும் அளவு நிரம்பியிருந்தால்?' },
    a: {
      en: 'Join the waitlist: you are offered other sizes free now and the earliest time the same size is free, and when a locker frees up the first in line gets it.',
      ta: 'காத்திருப்புப் பட்டியலில் சேருங்கள்: இப்போது காலியாக உள்ள மற்ற அளவுகளும், அதே அளவு காலியாகும் முதல் நேரமும் உங்களுக்கு வழங்கப்படும்; லாக்கர் காலியானதும் வரிசையில் முதலில் உள்ளவருக்குக் கிடைக்கும்.',
    },
  },
  {
    id: 'pay-methods',
    topic: 'payments',
    q: { en: 'How can I pay?', ta: 'எப்படிப் பணம் செலுத்தலாம்?' },
    a: {
      en: 'By UPI or card, through Razorpay. Every price is shown in full, GST included, before you pay; nothing is added later and there is no cash on delivery.',
      ta: 'Razorpay வழியாக UPI அல்லது அட்டை மூலம். பணம் செலுத்துவதற்கு முன் ஒவ்வொரு விலையும் GST உட்பட முழுமையாகக் காட்டப்படும்; பின்னர் எதுவும் சேர்க்கப்படாது, டெலிவரியின்போது பணம் இல்லை.',
    },
  },
  {
    id: 'receipts',
    topic: 'payments',
    q: { en: 'Where are my receipts?', ta: 'என் ரசீதுகள் எங்கே?' },
    a: {
      en: 'Under Bookings, every payment is listed with what it paid for. Open one for its receipt with CGST and SGST; refunds show there too.',
      ta: 'முன்பதிவுகள் பகுதியில் ஒவ்வொரு கட்டணமும் அது எதற்காக என்பதுடன் பட்டியலிடப்படும். ஒன்றைத் திறந்தால் CGST, SGST உடன் ரசீது தெரியும்; திருப்பிய பணமும் அங்கே காட்டப்படும்.',
    },
  },
  {
    id: 'plans',
    topic: 'payments',
    q: { en: 'What do the plans give?', ta: 'திட்டங்கள் என்ன தருகின்றன?' },
    a: {
      en: 'Locker Lite covers 10 hours of S or M lockers a month; Locker Plus 40 hours of any size and first place on waitlists; the Delivery Pass makes delivery free on larger orders. Plans run for their period and you can renew early.',
      ta: 'லாக்கர் லைட் மாதம் 10 மணிநேரம் S அல்லது M லாக்கர்களை உள்ளடக்கும்; லாக்கர் பிளஸ் எந்த அளவிலும் 40 மணிநேரமும் காத்திருப்புப் பட்டியலில் முதலிடமும் தரும்; டெலிவரி பாஸ் பெரிய ஆர்டர்களுக்கு டெலிவரியை இலவசமாக்கும். திட்டங்கள் அவற்றின் காலம் வரை இயங்கும்; முன்கூட்டியே புதுப்பிக்கலாம்.',
    },
  },
  {
    id: 'failed-payment',
    topic: 'payments',
    q: {
      en: 'My payment failed but money left my account',
      ta: 'கட்டணம் தோல்வியடைந்தது, ஆனால் என் கணக்கிலிருந்து பணம் போனது',
    },
    a: {
      en: 'If a payment arrives for something that can no longer be given (a hold that ran out, say), it is refunded in full automatically. Banks usually show a refund within 5–7 working days.',
      ta: 'இனி வழங்க முடியாத ஒன்றுக்கு (எ.கா. காலாவதியான ஒதுக்கீடு) கட்டணம் வந்தால், அது தானாகவே முழுமையாகத் திருப்பித் தரப்படும். வங்கிகள் பொதுவாக 5–7 வேலை நாட்களில் அதைக் காட்டும்.',
    },
  },
  {
    id: 'delivery-ways',
    topic: 'shops',
    q: { en: 'How can I receive an order?', ta: 'ஆர்டரை எப்படிப் பெறலாம்?' },
    a: {
      en: 'Home delivery to a saved address, a drop in a parcel locker (you get a pickup PIN), or curbside pickup at the shop with your vehicle number. Each shop shows which it offers and how far it delivers.',
      ta: 'சேமித்த முகவரிக்கு வீட்டு டெலிவரி, பார்சல் லாக்கரில் வைப்பு (எடுக்க PIN கிடைக்கும்), அல்லது உங்கள் வாகன எண்ணுடன் கடையின் வாசலில் பிக்கப். ஒவ்வொரு கடையும் எதை வழங்குகிறது, எவ்வளவு தூரம் டெலிவரி செய்கிறது என்பதைக் காட்டும்.',
    },
  },
  {
    id: 'cart-limits',
    topic: 'shops',
    q: { en: 'Why can I not add more to my cart?', ta: 'கார்ட்டில் ஏன் மேலும் சேர்க்க முடியவில்லை?' },
    a: {
      en: `A cart holds up to ${CART_LIMITS.maxPerCart} items in all, at most ${CART_LIMITS.maxPerLine} of any one product, from one shop at a time, and never more than the shop has in stock.`,
      ta: `ஒரு கார்ட்டில் மொத்தம் ${CART_LIMITS.maxPerCart} பொருட்கள் வரை, ஒரே பொருள் அதிகபட்சம் ${CART_LIMITS.maxPerLine}, ஒரு நேரத்தில் ஒரே கடையிலிருந்து, கடையின் இருப்புக்கு மிகாமல் இருக்கலாம்.`,
    },
  },
  {
    id: 'cancel-order',
    topic: 'shops',
    q: { en: 'Can I cancel an order?', ta: 'ஆர்டரை ரத்து செய்யலாமா?' },
    a: {
      en: 'Yes, until the shop starts packing it. What you paid is refunded in full. Open the order under My orders and choose Cancel.',
      ta: 'ஆம், கடை அதைப் பேக் செய்யத் தொடங்கும் வரை. நீங்கள் செலுத்தியது முழுமையாகத் திருப்பித் தரப்படும். என் ஆர்டர்கள் பகுதியில் ஆர்டரைத் திறந்து ரத்து என்பதைத் தேர்வுசெய்யுங்கள்.',
    },
  },
  {
    id: 'curbside',
    topic: 'shops',
    q: { en: 'How does curbside pickup work?', ta: 'வாசல் பிக்கப் எப்படி வேலை செய்கிறது?' },
    a: {
      en: 'Order with your vehicle number. When the order is ready, tap “On my way”, then “I’m here” with a landmark or bay, and the shop brings it out. Someone else can pick up for you if you name them.',
      ta: 'உங்கள் வாகன எண்ணுடன் ஆர்டர் செய்யுங்கள். ஆர்டர் தயாரானதும் “வந்துகொண்டிருக்கிறேன்”, பிறகு அடையாளம் அல்லது இடத்துடன் “வந்துவிட்டேன்” என்பதைத் தட்டுங்கள்; கடை அதைக் கொண்டு வரும். நீங்கள் பெயரிட்டால் வேறொருவரும் உங்களுக்காக எடுக்கலாம்.',
    },
  },
  {
    id: 'language',
    topic: 'account',
    q: { en: 'How do I switch to Tamil or English?', ta: 'தமிழ் அல்லது ஆங்கிலத்துக்கு எப்படி மாறுவது?' },
    a: {
      en: 'Use the EN / தமிழ் switch at the top of any screen, or Settings.',
      ta: 'எந்தத் திரையின் மேலும் உள்ள EN / தமிழ் மாற்றியை அல்லது அமைப்புகளைப் பயன்படுத்துங்கள்.',
    },
  },
  {
    id: 'sign-out',
    topic: 'account',
    q: {
      en: 'I lost my phone. How do I sign out everywhere?',
      ta: 'என் கைபேசி தொலைந்தது. எல்லா இடங்களிலிருந்தும் எப்படி வெளியேறுவது?',
    },
    a: {
      en: 'Sign in on another phone with your number, open Settings and choose Sign out everywhere. Every other device is signed out at once.',
      ta: 'உங்கள் எண்ணுடன் வேறொரு கைபேசியில் உள்நுழைந்து, அமைப்புகளைத் திறந்து எல்லா சாதனங்களிலும் வெளியேறு என்பதைத் தேர்வுசெய்யுங்கள். மற்ற எல்லா சாதனங்களும் உடனே வெளியேற்றப்படும்.',
    },
  },
  {
    id: 'delete-account',
    topic: 'account',
    q: { en: 'How do I delete my account?', ta: 'என் கணக்கை எப்படி நீக்குவது?' },
    a: {
      en: 'In Settings, choose Delete account and confirm. Your name, number and email are removed, with your saved addresses and cart, and you are signed out on every device. Past orders and payments are kept as records.',
      ta: 'அமைப்புகளில் கணக்கை நீக்கு என்பதைத் தேர்ந்தெடுத்து உறுதிப்படுத்துங்கள். உங்கள் பெயர், எண், மின்னஞ்சல் ஆகியவை சேமித்த முகவரிகள், கார்ட்டுடன் நீக்கப்பட்டு, எல்லா சாதனங்களிலும் வெளியேற்றப்படுவீர்கள். முந்தைய ஆர்டர்களும் கட்டணங்களும் பதிவுகளாக வைக்கப்படும்.',
    },
  },
];

/** The words of a text, lower-cased, in any script (Tamil vowel signs stay with their letters). */
export const words = (text: string): string[] =>
  text
    .toLocaleLowerCase('en-IN')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 1);

/** Whether a word starts any word of the pool (so "refund" finds "refunded"). */
export const hasPrefix = (pool: readonly string[], w: string): boolean => pool.some((p) => p.startsWith(w));

/**
 * Entries matching every word of the query (in either language, anywhere in question or answer),
 * those matching in the question first. An empty query matches everything, in order.
 */
export function searchFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const wanted = words(query);
  if (wanted.length === 0) return [...entries];
  const scored = entries
    .map((e, index) => {
      const question = words(`${e.q.en} ${e.q.ta}`);
      const all = [...question, ...words(`${e.a.en} ${e.a.ta}`)];
      if (!wanted.every((w) => hasPrefix(all, w))) return null;
      return { e, index, inQuestion: wanted.filter((w) => hasPrefix(question, w)).length };
    })
    .filter((x): x is { e: FaqEntry; index: number; inQuestion: number } => x !== null);
  scored.sort((a, b) => b.inQuestion - a.inQuestion || a.index - b.index);
  return scored.map((s) => s.e);
}
