import { describe, expect, it } from 'vitest';
import { fiscalYearOf, invoiceNumber } from './fiscal-year.ts';

const ist = (text: string) => new Date(`${text}+05:30`);

describe('the financial year', () => {
  it('runs from 1 April to 31 March, in town time', () => {
    expect(fiscalYearOf(ist('2026-11-28T12:00'))).toBe('26-27');
    expect(fiscalYearOf(ist('2027-03-31T23:59'))).toBe('26-27');
    expect(fiscalYearOf(ist('2027-04-01T00:00'))).toBe('27-28');
    // 1 April 00:10 in Sivakasi is still 31 March in UTC.
    expect(fiscalYearOf(new Date('2027-03-31T18:40:00Z'))).toBe('27-28');
    expect(fiscalYearOf(ist('2099-06-01T10:00'))).toBe('99-00');
  });

  it('numbers invoices within it', () => {
    expect(invoiceNumber('26-27', 42)).toBe('26-27/000042');
    expect(invoiceNumber('26-27', 42).length).toBeLessThanOrEqual(16);
  });
});
