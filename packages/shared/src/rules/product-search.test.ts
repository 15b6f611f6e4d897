import { describe, expect, it } from 'vitest';
import { productNameMatches, searchByProductName } from './product-search.ts';

const rice = { en: 'Ponni Raw Rice', ta: 'பொன்னி பச்சரிசி' };

describe('product-name search', () => {
  it('matches the English or Tamil name anywhere, ignoring case and surrounding spaces', () => {
    expect(productNameMatches(rice, 'RAW rice')).toBe(true);
    expect(productNameMatches(rice, '  ponni ')).toBe(true);
    expect(productNameMatches(rice, 'பச்சரிசி')).toBe(true);
    expect(productNameMatches(rice, 'dal')).toBe(false);
    expect(productNameMatches('Cream Bun', 'bun')).toBe(true);
  });

  it('treats the query as plain text, not a pattern', () => {
    expect(productNameMatches('100% Cotton Wick', '100%')).toBe(true);
    expect(productNameMatches('Cotton Wick', '%')).toBe(false);
    expect(productNameMatches('Cotton Wick', 'C.tton')).toBe(false);
  });

  it('matches Tamil typed decomposed against a composed name', () => {
    const composed = 'கொ'.normalize('NFC');
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(productNameMatches({ en: 'x', ta: `${composed}ய்யா` }, decomposed)).toBe(true);
  });

  it('keeps every item, in order, for a blank query and only the matches otherwise', () => {
    const items = [{ name: rice }, { name: 'Rice Flour' }, { name: 'Cream Bun' }];
    expect(searchByProductName(items, ' ', (i) => i.name)).toEqual(items);
    expect(searchByProductName(items, 'rice', (i) => i.name)).toEqual([items[0], items[1]]);
  });
});
