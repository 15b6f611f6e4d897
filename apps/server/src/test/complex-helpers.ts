import type { Membership } from '@petti/shared/schemas/complex';
import { expect } from 'vitest';
import { DEV_OPS_TOKEN } from '../config.ts';
import { complexMembers } from '../features/complex/schema.ts';
import { usersService } from '../features/users/index.ts';
import type { TestApp } from './helper.ts';
import { type Shopper, shopper } from './locker-helpers.ts';

export const SAKTHI = 'sakthi-residency';
export const GREEN_PARK = 'green-park-apartments';
/** Demo admins (data/seed/complexes.json). */
export const ADMIN_PHONE = { [SAKTHI]: '919443215678', [GREEN_PARK]: '919842098765' } as const;

export const ops = (t: TestApp, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-ops-token': DEV_OPS_TOKEN }, ...(payload ? { payload } : {}) });

/** A shopper who asked to join and whom the operators approved, through the real routes. */
export async function resident(
  t: TestApp,
  complexId: string = SAKTHI,
  block = 'B',
  flat = 'B-1',
): Promise<Shopper> {
  const who = await shopper(t);
  const asked = await who.call('POST', '/api/complex/membership', { complexId, block, flat });
  expect(asked.statusCode, asked.body).toBe(201);
  const ok = await ops(t, 'POST', `/api/ops/complexes/${complexId}/requests/${who.userId}`, {
    decision: 'approve',
  });
  expect(ok.statusCode, ok.body).toBe(200);
  return who;
}

/** Many approved residents at once for races: membership written directly (joining is tested elsewhere). */
export async function quickResidents(t: TestApp, n: number, complexId: string = SAKTHI): Promise<Shopper[]> {
  const out = await Promise.all(Array.from({ length: n }, () => shopper(t)));
  const now = t.clock.now();
  await t.ctx.database.db.insert(complexMembers).values(
    out.map((s, i) => ({
      userId: s.userId,
      complexId,
      block: 'C',
      flat: `C-${i}`,
      status: 'approved' as const,
      requestedAt: now,
      decidedAt: now,
    })),
  );
  return out;
}

/** The demo complex's admin, signed in. */
export async function admin(t: TestApp, complexId: keyof typeof ADMIN_PHONE = SAKTHI): Promise<Shopper> {
  const user = await usersService.findByPhone(t.ctx.database.db, ADMIN_PHONE[complexId]);
  expect(user).toBeDefined();
  return shopper(t, { phone: ADMIN_PHONE[complexId] });
}

export async function membershipOf(who: Shopper): Promise<Membership | null> {
  const res = await who.call('GET', '/api/complex/membership');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().membership;
}
