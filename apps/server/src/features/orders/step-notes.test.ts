import { describe, expect, it } from 'vitest';
import { stepNote, stepOf } from './step-notes.ts';

describe('what a timeline entry did', () => {
  it('names the steps that keep the state by their notes, and the rest by the state they reached', () => {
    expect(
      stepOf({ state: 'accepted', note: stepNote.substituteOffered('Rice', 'Boiled rice', 2) }, 'accepted'),
    ).toBe('substituteOffered');
    expect(stepOf({ state: 'accepted', note: stepNote.itemUnavailable('Dal', 1) }, 'accepted')).toBe(
      'itemUnavailable',
    );
    expect(stepOf({ state: 'out_for_delivery', note: stepNote.proofPhoto() }, 'out_for_delivery')).toBe(
      'proofPhoto',
    );
    expect(stepOf({ state: 'accepted', note: 'ready by 2026-11-20T05:00:00.000Z' }, 'placed')).toBe(
      'accepted',
    );
    expect(stepOf({ state: 'placed', note: null }, null)).toBe('placed');
    expect(stepOf({ state: 'ready_for_pickup', note: 'on_my_way' }, 'ready_for_pickup')).toBe('note');
  });
});
