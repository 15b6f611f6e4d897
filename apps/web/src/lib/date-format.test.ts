import { describe, expect, it } from 'vitest';
import { dateFormatters } from './date-format.ts';

describe('dateFormatters', () => {
  const f = dateFormatters('en');
  it('shows town time, whatever the phone is set to', () => {
    // 04:30 UTC is 10:00 in Sivakasi (UTC+05:30).
    expect(f.dateTime('2026-11-20T04:30:00Z')).toMatch(/20 Nov.*10:00/);
  });
  it('leaves out the day when it is today in town', () => {
    const now = Date.parse('2026-11-20T05:00:00Z');
    expect(f.timeOrDateTime('2026-11-20T10:00:00Z', now)).not.toMatch(/Nov/);
    expect(f.timeOrDateTime('2026-11-21T10:00:00Z', now)).toMatch(/21 Nov/);
  });
});
