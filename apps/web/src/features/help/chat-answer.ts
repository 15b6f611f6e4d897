import { type FaqEntry, hasPrefix, words } from './faq.ts';

/**
 * How the help chat reads a question (pure; tested in chat-answer.test.ts): which FAQ answer fits
 * best, and whether the shopper asks about their own bookings or orders.
 */

const STOPWORDS = new Set(
  (
    'a an and are be can do does for get how i in is it me my of on or the to was what when where ' +
    'which who why will with you your am has have not this that there please'
  ).split(' '),
);

/**
 * The entry whose question (worth 2 a word) and answer (1 a word) share most of the question's
 * words; null when none reaches `minScore` (by default one question word or two answer words), or
 * when most of what was asked is about something else: "book me a taxi to Madurai" shares "book" with
 * how to book a locker, but taxi and Madurai are not in it, so there is no good answer to give.
 */
export function bestFaqMatch(entries: readonly FaqEntry[], text: string, minScore = 2): FaqEntry | null {
  const wanted = [...new Set(words(text).filter((w) => !STOPWORDS.has(w)))];
  if (wanted.length === 0) return null;
  let best: { entry: FaqEntry; score: number; covered: number } | null = null;
  for (const entry of entries) {
    const question = words(`${entry.q.en} ${entry.q.ta}`);
    const answer = words(`${entry.a.en} ${entry.a.ta}`);
    let score = 0;
    let covered = 0;
    for (const w of wanted) {
      if (hasPrefix(question, w)) score += 2;
      else if (hasPrefix(answer, w)) score += 1;
      else continue;
      covered += 1;
    }
    if (score >= minScore && (!best || score > best.score)) best = { entry, score, covered };
  }
  if (!best || best.covered * 2 < wanted.length) return null;
  return best.entry;
}

/** Asking for a person (English or Tamil): answered with the help desk's contacts, never an FAQ. */
const HUMAN_WORDS = [
  'human',
  'person',
  'agent',
  'someone',
  'staff',
  'support',
  'customer care',
  'helpline',
  'help desk',
  'call you',
  'phone number',
  'contact',
  'complain',
  'whatsapp',
  'email',
  'மனிதர்',
  'நபர்',
  'ஊழியர்',
  'தொடர்பு',
  'புகார்',
  'அழைக்க',
  'பேச',
];

export function asksForPerson(text: string): boolean {
  const said = ` ${words(text).join(' ')} `;
  return HUMAN_WORDS.some((w) => said.includes(` ${w}`));
}

export type ChatTopic = 'bookings' | 'orders';

const TOPIC_WORDS: Record<ChatTopic, string[]> = {
  bookings: ['locker', 'booking', 'book', 'pin', 'லாக்கர்', 'முன்பதிவ'],
  orders: ['order', 'deliver', 'parcel', 'curbside', 'ஆர்டர்', 'டெலிவரி', 'பார்சல்'],
};

/** Words that ask about one's own things now, not how something works in general. */
const OWN_WORDS = ['my', 'where', 'status', 'track', 'when', 'என்', 'எங்கே', 'நிலை', 'எப்போது'];

/** Which of the shopper's own things a question asks about (their live bookings, their orders). */
export function ownTopicsOf(text: string): ChatTopic[] {
  const said = words(text);
  if (!said.some((w) => OWN_WORDS.some((o) => w === o || w.startsWith(o)))) return [];
  return (Object.keys(TOPIC_WORDS) as ChatTopic[]).filter((topic) =>
    said.some((w) => TOPIC_WORDS[topic].some((k) => w.startsWith(k))),
  );
}
