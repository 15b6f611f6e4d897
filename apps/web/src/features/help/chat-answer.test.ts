import { describe, expect, it } from 'vitest';
import { asksForPerson, bestFaqMatch, ownTopicsOf } from './chat-answer.ts';
import { FAQ } from './faq.ts';

const best = (text: string) => bestFaqMatch(FAQ, text)?.id ?? null;

describe('bestFaqMatch', () => {
  it('finds the answer to a question asked in a sentence', () => {
    expect(best('How do I cancel my order?')).toBe('cancel-order');
    expect(best('how does the PIN work')).toBe('pin');
    expect(best('my time ran out, what now?')).toBe('overstay');
    expect(best('can my brother collect from the locker')).toBe('share-pin');
    expect(best('where are receipts')).toBe('receipts');
  });

  it('understands Tamil', () => {
    expect(best('ஆர்டரை ரத்து செய்யலாமா')).toBe('cancel-order');
    expect(best('லாக்கரை எப்படி முன்பதிவு செய்வது')).toBe('book-locker');
  });

  it('answers each suggested question (messages.en.ts / messages.ta.ts chat.suggest*)', () => {
    expect(best('How does the PIN work?')).toBe('pin');
    expect(best('Can I cancel a booking?')).toBe('cancel-booking');
    expect(best('PIN எப்படி வேலை செய்கிறது?')).toBe('pin');
    expect(best('முன்பதிவை ரத்து செய்யலாமா?')).toBe('cancel-booking');
    expect(ownTopicsOf('Where is my order?')).toEqual(['orders']);
    expect(ownTopicsOf('என் ஆர்டர் எங்கே?')).toEqual(['orders']);
  });

  it('asks for a closer fit when told to (the chat, when the shopper asked about their own things)', () => {
    expect(bestFaqMatch(FAQ, 'Where is my order?')?.id).toBe('delivery-ways');
    expect(bestFaqMatch(FAQ, 'Where is my order?', 4)).toBeNull();
    expect(bestFaqMatch(FAQ, 'how do I cancel my order', 4)?.id).toBe('cancel-order');
  });

  it('says it has no answer when most of the question is about something else', () => {
    expect(best('book me a taxi to Madurai')).toBeNull();
    expect(best('I want to talk to a human')).toBeNull();
    expect(best('how do I book a locker')).toBe('book-locker');
  });

  it('knows when someone asks for a person, in English or Tamil', () => {
    for (const q of [
      'I want to talk to a human',
      'Can I speak to customer care?',
      'what is your phone number',
      'I have a complaint',
      'ஒருவரிடம் பேச வேண்டும்',
      'புகார் தெரிவிக்க வேண்டும்',
    ]) {
      expect(asksForPerson(q), q).toBe(true);
    }
    expect(asksForPerson('How does the PIN work?')).toBe(false);
    expect(asksForPerson('Where is my order?')).toBe(false);
  });

  it('answers nothing rather than something wrong', () => {
    expect(best('hello')).toBeNull();
    expect(best('what is the weather in Madurai')).toBeNull();
    expect(best('   ')).toBeNull();
  });
});

describe('ownTopicsOf', () => {
  it('notices questions about the shopper’s own bookings and orders', () => {
    expect(ownTopicsOf('Where is my order?')).toEqual(['orders']);
    expect(ownTopicsOf('status of my locker booking')).toEqual(['bookings']);
    expect(ownTopicsOf('where are my locker and my delivery')).toEqual(['bookings', 'orders']);
    expect(ownTopicsOf('என் ஆர்டர் எங்கே')).toEqual(['orders']);
  });

  it('leaves general questions to the FAQ', () => {
    expect(ownTopicsOf('How do lockers work?')).toEqual([]);
    expect(ownTopicsOf('cancel an order')).toEqual([]);
  });
});
