import type { Subscription } from '@petti/shared/schemas/payments';
import { describe, expect, it } from 'vitest';
import { planFixture, subscriptionFixture } from '../../test/fixtures.ts';
import { benefitsOf, currentSubscriptions, planAction, usedPercent } from './plan-view.ts';

const plan = planFixture;
const sub = (over: Partial<Subscription>): Subscription =>
  subscriptionFixture({ lockerHoursUsed: 0, ...over });

describe('benefitsOf', () => {
  it('lists locker hours, any size, waitlist priority and free delivery as the plan gives them', () => {
    expect(benefitsOf(plan({}))).toEqual([{ key: 'lockerHours', count: 10, sizes: 'S, M' }]);
    expect(
      benefitsOf(plan({ lockerHours: 40, sizes: ['S', 'M', 'L', 'XL'], waitlistPriority: true })).map(
        (b) => b.key,
      ),
    ).toEqual(['lockerHours', 'anySize', 'waitlistPriority']);
    expect(
      benefitsOf(plan({ kind: 'delivery', lockerHours: null, sizes: [], freeDeliveryOverPaise: 19900 })),
    ).toEqual([{ key: 'freeDelivery', paise: 19900 }]);
  });
});

describe('planAction', () => {
  const lite = plan({});
  it('offers to buy when nothing of the kind runs', () => {
    expect(planAction(lite, [])).toBe('buy');
    expect(planAction(lite, [sub({ status: 'expired' })])).toBe('buy');
  });
  it('offers to renew the running plan, once', () => {
    expect(planAction(lite, [sub({})])).toBe('renew');
    expect(planAction(lite, [sub({}), sub({ status: 'scheduled' })])).toBe('renewalScheduled');
  });
  it('holds back another plan of the same kind while one runs', () => {
    expect(planAction(plan({ id: 'locker-plus' }), [sub({})])).toBe('otherActive');
    expect(planAction(plan({ id: 'delivery-pass', kind: 'delivery' }), [sub({})])).toBe('buy');
  });
  it('counts a paused plan as running: renew it, or wait for it to end before another of its kind', () => {
    expect(planAction(lite, [sub({ status: 'paused' })])).toBe('renew');
    expect(planAction(plan({ id: 'locker-plus' }), [sub({ status: 'paused' })])).toBe('otherActive');
  });
});

describe('usage', () => {
  it('shows what matters first and how much is used', () => {
    expect(
      currentSubscriptions([
        sub({ id: 'e', status: 'expired' }),
        sub({ id: 'p', status: 'pending' }),
        sub({ id: 'a' }),
      ]).map((s) => s.id),
    ).toEqual(['a', 'p']);
    expect(usedPercent({ lockerHours: 10, lockerHoursUsed: 3 })).toBe(30);
    expect(usedPercent({ lockerHours: 10, lockerHoursUsed: 12 })).toBe(100);
    expect(usedPercent({ lockerHours: null, lockerHoursUsed: 0 })).toBeNull();
  });
});
