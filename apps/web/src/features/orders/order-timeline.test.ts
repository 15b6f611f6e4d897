import { describe, expect, it } from 'vitest';
import { flowOf, timelineOf } from './order-timeline.ts';

const at = (m: number) => `2026-11-23T10:${String(m).padStart(2, '0')}:00.000Z`;

describe('order timeline', () => {
  it('follows the shared transitions for each delivery type', () => {
    expect(flowOf('home')).toEqual(['placed', 'accepted', 'packed', 'out_for_delivery', 'delivered']);
    expect(flowOf('locker')).toEqual(['placed', 'accepted', 'packed', 'in_locker', 'collected']);
    expect(flowOf('curbside')).toEqual([
      'placed',
      'accepted',
      'packed',
      'ready_for_pickup',
      'arrived',
      'handed_over',
    ]);
  });

  it('marks the steps of a home delivery with their times', () => {
    const steps = timelineOf('home', 'packed', [
      { state: 'awaiting_payment', at: at(0) },
      { state: 'placed', at: at(1) },
      { state: 'accepted', at: at(2) },
      { state: 'packed', at: at(5) },
    ]);
    expect(steps.map((s) => [s.state, s.status])).toEqual([
      ['placed', 'done'],
      ['accepted', 'done'],
      ['packed', 'current'],
      ['out_for_delivery', 'todo'],
      ['delivered', 'todo'],
    ]);
    expect(steps[1]?.at).toBe(at(2));
    expect(steps[3]?.at).toBeUndefined();
  });

  it('shows a finished order as all done, a skipped check-in included', () => {
    const steps = timelineOf('curbside', 'handed_over', []);
    expect(steps.every((s) => s.status === 'done')).toBe(true);
  });

  it('shows only what was reached before a cancellation', () => {
    const steps = timelineOf('locker', 'cancelled', [
      { state: 'placed', at: at(0) },
      { state: 'cancelled', at: at(1) },
    ]);
    expect(steps.map((s) => s.status)).toEqual(['done', 'todo', 'todo', 'todo', 'todo']);
  });

  it('shows nothing reached while the order waits for payment', () => {
    expect(timelineOf('home', 'awaiting_payment', []).every((s) => s.status === 'todo')).toBe(true);
  });
});
