import type { Widen } from '../../lib/i18n/widen.ts';
import type { helpEn } from './messages.en.ts';

/** Tamil strings of the help centre: the same keys as messages.en.ts. */
export const helpTa: Widen<typeof helpEn> = {
  searchLabel: 'கேள்விகளில் தேடுங்கள்',
  searchPlaceholder: 'PIN, பணம் திரும்ப, வாசல் பிக்கப்…',
  allTopics: 'அனைத்தும்',
  topics: {
    lockers: 'லாக்கர்கள்',
    payments: 'கட்டணங்களும் திட்டங்களும்',
    shops: 'கடைகளும் ஆர்டர்களும்',
    account: 'உங்கள் கணக்கு',
  },
  results_one: '{{count}} பதில்',
  results_other: '{{count}} பதில்கள்',
  noResults:
    '“{{query}}” க்குப் பொருந்தும் பதில் இல்லை. குறைவான அல்லது வேறு சொற்களை முயலுங்கள், அல்லது ஒரு தலைப்பைத் தேர்ந்தெடுங்கள்.',
  clear: 'தேடலை அழி',
  stillStuck: 'இன்னும் உதவி தேவையா? உங்கள் முன்பதிவுகளும் ஆர்டர்களும் அவற்றின் நேரடி நிலையைக் காட்டும்:',
  myBookings: 'என் லாக்கர்கள் (முகப்பு)',
  myOrders: 'என் ஆர்டர்கள்',
};
