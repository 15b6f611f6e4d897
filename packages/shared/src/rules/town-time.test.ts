import { describe, expect, it } from 'vitest';
import { townDateTime, townDateTimeWithYear, townTime } from './town-time.ts';

describe('town time', () => {
  const at = new Date('2026-11-20T10:00:00Z'); // 3:30 pm in Sivakasi
  it('is a 12-hour time in the town’s zone, in the language asked', () => {
    expect(townDateTime(at, 'en')).toMatch(/^20 Nov, 3:30\s?pm$/i);
    expect(townTime(at, 'en')).toMatch(/^3:30\s?pm$/i);
    const ta = townDateTime(at, 'ta');
    expect(ta).toMatch(/[\u0B80-\u0BFF]/);
    expect(ta).toContain('3:30');
    expect(ta).not.toContain('15:30');
  });
  it('gives the year where a date is kept', () => {
    expect(townDateTimeWithYear(at, 'en')).toMatch(/^20 Nov 2026, 3:30\s?pm$/i);
    expect(townDateTimeWithYear(at, 'ta')).toContain('2026');
  });
});
