import { KEYPAD_GUARD, type KeypadGate, keypadGate } from '@petti/shared';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { keypadRequests, lockerSites } from './schema.ts';

const WINDOW_MS = KEYPAD_GUARD.windowHours * 3_600_000;

/** A site's keypad gate with the wrong PINs that count now. */
export type KeypadGuardState = KeypadGate & { wrongs: number };

/**
 * Whether a site's keypad checks PINs now: `keypadGate` over the site's wrong PINs of the last day
 * since an operator last reopened it (docs/locker-protocol.md#guessing). Each site's count is its own.
 */
export async function keypadGates(
  q: DbOrTx,
  sites: ReadonlyArray<{ id: string; keypadReopenedAt: Date | null }>,
  now: Date,
): Promise<Map<string, KeypadGuardState>> {
  const out = new Map<string, KeypadGuardState>();
  if (sites.length === 0) return out;
  const rows = await q
    .select({ siteId: keypadRequests.siteId, at: keypadRequests.receivedAt })
    .from(keypadRequests)
    .where(
      and(
        inArray(
          keypadRequests.siteId,
          sites.map((s) => s.id),
        ),
        eq(keypadRequests.ok, false),
        gt(keypadRequests.receivedAt, new Date(now.getTime() - WINDOW_MS)),
      ),
    )
    .orderBy(desc(keypadRequests.receivedAt));
  for (const s of sites) {
    const wrongs = rows
      .filter((r) => r.siteId === s.id && (!s.keypadReopenedAt || r.at > s.keypadReopenedAt))
      .map((r) => r.at);
    out.set(s.id, { ...keypadGate(wrongs, now, { reopenedAt: s.keypadReopenedAt }), wrongs: wrongs.length });
  }
  return out;
}

/** One site's gate, its row locked first so that entries at one site are judged one after another. */
export async function lockedKeypadGate(
  q: DbOrTx,
  siteId: string,
  now: Date,
): Promise<KeypadGuardState | null> {
  const [site] = await q
    .select({ id: lockerSites.id, keypadReopenedAt: lockerSites.keypadReopenedAt })
    .from(lockerSites)
    .where(eq(lockerSites.id, siteId))
    .for('update');
  if (!site) return null;
  return (await keypadGates(q, [site], now)).get(siteId) ?? null;
}
