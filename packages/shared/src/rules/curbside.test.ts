import { describe, expect, it } from 'vitest';
import { curbsideStage } from './curbside.ts';

const now = Date.parse('2026-11-28T10:00:00Z');
const curbside = (
  state: Parameters<typeof curbsideStage>[0]['state'],
  scheduledFor: string | null = null,
) => ({
  state,
  deliveryType: 'curbside' as const,
  scheduledFor,
});

describe('curbsideStage', () => {
  it('follows the order through its check-ins', () => {
    expect(curbsideStage(curbside('placed'), now)).toBe('waiting');
    expect(curbsideStage(curbside('accepted'), now)).toBe('waiting');
    expect(curbsideStage(curbside('ready_for_pickup'), now)).toBe('ready');
    expect(curbsideStage(curbside('arrived'), now)).toBe('arrived');
    expect(curbsideStage(curbside('handed_over'), now)).toBe('none');
    expect(curbsideStage(curbside('awaiting_payment'), now)).toBe('none');
    expect(curbsideStage({ ...curbside('ready_for_pickup'), deliveryType: 'home' }, now)).toBe('none');
  });

  it('an order placed for opening waits until the shop opens, then is like any other', () => {
    expect(curbsideStage(curbside('placed', '2026-11-28T14:30:00Z'), now)).toBe('scheduled');
    expect(curbsideStage(curbside('placed', '2026-11-28T10:00:00Z'), now)).toBe('waiting');
    expect(curbsideStage(curbside('placed', '2026-11-28T09:00:00Z'), now)).toBe('waiting');
    // Accepted at opening: the time it was placed for no longer matters.
    expect(curbsideStage(curbside('accepted', '2026-11-28T14:30:00Z'), now)).toBe('waiting');
  });
});
