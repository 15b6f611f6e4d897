import { describe, expect, it } from 'vitest';
import { EVENTS_WITH_TEXTS, eventTexts } from './event-texts.ts';

const site = { en: 'Bus Stand Lockers', ta: 'பேருந்து நிலைய லாக்கர்கள்' };
const TAMIL = /[\u0B80-\u0BFF]/;

describe('event texts', () => {
  it('word times as the screens do: 12-hour, in the town’s zone, in each language', () => {
    const c = eventTexts('bookingCreatedScheduled', {
      site,
      size: 'M',
      startsAt: new Date('2026-11-20T10:00:00Z'), // 3:30 pm in Sivakasi
    });
    expect(c.body.en).toMatch(/booked from 20 Nov, 3:30\s?pm\./i);
    expect(c.body.en).not.toContain('15:30');
    expect(c.body.ta).toContain('3:30');
    expect(c.body.ta).not.toContain('15:30');
    // As the screens show it (ICU writes the Tamil month, and AM/PM as they are).
    expect(c.body.ta).toContain('நவ.');
  });

  it('put rupees in Indian digit grouping', () => {
    const c = eventTexts('updateExpiredBookingTaskToken', {
      site,
      size: 'XL',
      amountPaise: 1_20_000_00,
      hours: 3,
    });
    expect(c.body.en).toContain('₹1,20,000');
    expect(c.body.ta).toContain('₹1,20,000');
  });

  it('never join a case ending to a site’s name as a separate word ("…லாக்கர்கள் இல்")', () => {
    for (const event of EVENTS_WITH_TEXTS) {
      let c: ReturnType<typeof eventTexts>;
      try {
        c = eventTexts(event, {
          site,
          size: 'M',
          locker: 'M03',
          startsAt: new Date('2026-11-20T10:00:00Z'),
          endsAt: new Date('2026-11-20T12:00:00Z'),
          amountPaise: 5000,
          hours: 1,
          sizes: ['S'],
          sites: [site],
          reason: 'opened',
        });
      } catch {
        continue;
      }
      expect(c.body.ta, event).not.toMatch(/லாக்கர்கள் (இல்|க்கான|க்கு|இலிருந்து)/);
      expect(c.body.ta, event).toMatch(TAMIL);
    }
  });
});
