import { describe, expect, it } from 'vitest';
import { FAQ, FAQ_TOPICS, searchFaq } from './faq.ts';

const ids = (query: string) => searchFaq(FAQ, query).map((e) => e.id);

describe('the FAQ', () => {
  it('has unique ids, a known topic and both languages for every entry', () => {
    expect(new Set(FAQ.map((e) => e.id)).size).toBe(FAQ.length);
    for (const e of FAQ) {
      expect(FAQ_TOPICS).toContain(e.topic);
      for (const text of [e.q.en, e.q.ta, e.a.en, e.a.ta]) expect(text.trim().length).toBeGreaterThan(5);
      expect(e.q.ta).toMatch(/[\u0B80-\u0BFF]/);
      expect(e.a.ta).toMatch(/[\u0B80-\u0BFF]/);
    }
  });

  it('states the cart limits from the shared rules', () => {
    const limits = FAQ.find((e) => e.id === 'cart-limits')!;
    expect(limits.a.en).toContain('up to 30 items in all, at most 20 of any one product');
  });
});

describe('searchFaq', () => {
  it('answers everything, in order, for an empty query', () => {
    expect(ids('  ')).toEqual(FAQ.map((e) => e.id));
  });

  it('matches every word, case-insensitively, by word start, question matches first', () => {
    expect(ids('PIN')[0]).toBe('pin');
    expect(ids('pin')).toContain('share-pin');
    expect(ids('refund')).toEqual(
      expect.arrayContaining(['cancel-booking', 'failed-payment', 'cancel-order']),
    );
    expect(ids('cancel order')).toEqual(['cancel-order']);
    expect(ids('curb')).toEqual(['curbside', 'delivery-ways']);
  });

  it('finds Tamil words too', () => {
    expect(ids('லாக்கரை')).toContain('book-locker');
    expect(ids('ஆர்டரை ரத்து')).toContain('cancel-order');
  });

  it('answers nothing for words it does not know', () => {
    expect(ids('helicopter')).toEqual([]);
    expect(ids('pin helicopter')).toEqual([]);
  });
});
