import { describe, expect, it } from 'vitest';
import { eventText, eventVariant, isSilent, type LiveEvent, parseLiveEvent } from './live-event.ts';

const event = (name: string, data: Record<string, unknown> = {}): LiveEvent => ({
  event: name,
  data,
  SessionID: null,
});

describe('parseLiveEvent', () => {
  it('reads the event payload', () => {
    expect(
      parseLiveEvent(
        JSON.stringify({
          event: 'bookingReserved',
          data: { message: 'Ready', msg: 'தயார்', bookingId: 'b1' },
          SessionID: 'd-1',
        }),
      ),
    ).toEqual({
      event: 'bookingReserved',
      data: { message: 'Ready', msg: 'தயார்', bookingId: 'b1' },
      SessionID: 'd-1',
    });
  });

  it('turns anything else into null, never an exception', () => {
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent('null')).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ data: {} }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ event: 'x' }))).toEqual({ event: 'x', data: {}, SessionID: null });
  });
});

describe('event text and colour', () => {
  it('speaks the app language, falling back to the other', () => {
    const e = event('bookingEnded', { message: 'Ended', msg: 'முடிந்தது' });
    expect(eventText(e, 'ta')).toBe('முடிந்தது');
    expect(eventText(e, 'en')).toBe('Ended');
    expect(eventText(event('x', { message: 'Only English' }), 'ta')).toBe('Only English');
    expect(eventText(event('x'), 'en')).toBeNull();
  });

  it('is red for what went wrong and green for what went right', () => {
    expect(eventVariant(event('bookingTimedOut'))).toBe('error');
    expect(eventVariant(event('lockerOffline'))).toBe('error');
    expect(eventVariant(event('bookingReserved'))).toBe('success');
    expect(eventVariant(event('unlockStatus', { ok: false }))).toBe('error');
    expect(eventVariant(event('unlockStatus', { ok: true }))).toBe('success');
    expect(eventVariant(event('bookingStatusChanged'))).toBe('info');
  });

  it('keeps quiet about events that only move the screen', () => {
    expect(isSilent(event('dynamicPinChanged'))).toBe(true);
    expect(isSilent(event('bookingEnded'))).toBe(false);
  });
});
