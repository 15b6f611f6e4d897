import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import type { MoneyAccount } from './accounts.ts';
import { moneyEntries, moneyLines } from './schema.ts';

/** One balance of a scope: an account, and whose (the shop, order and payment it is tagged with). */
export interface Balance {
  account: MoneyAccount;
  sellerId?: string | null;
  orderId?: string | null;
  paymentId?: string | null;
  amountPaise: number;
}

const tagOf = (b: Omit<Balance, 'amountPaise'>) =>
  [b.account, b.sellerId ?? '', b.orderId ?? '', b.paymentId ?? ''].join('\u0000');

/** A scope's balances now, per account and tag. */
export async function scopeBalances(q: DbOrTx, scope: string): Promise<Balance[]> {
  const rows = await q
    .select({
      account: moneyLines.account,
      sellerId: moneyLines.sellerId,
      orderId: moneyLines.orderId,
      paymentId: moneyLines.paymentId,
      amountPaise: sql<string>`sum(${moneyLines.amountPaise})`,
    })
    .from(moneyLines)
    .where(eq(moneyLines.scope, scope))
    .groupBy(moneyLines.account, moneyLines.sellerId, moneyLines.orderId, moneyLines.paymentId);
  return rows.map((r) => ({ ...r, amountPaise: Number(r.amountPaise) })).filter((r) => r.amountPaise !== 0);
}

/** Which of these scopes have no line at all yet (money that moved before the journal). */
export async function unposted(q: DbOrTx, scopes: readonly string[]): Promise<string[]> {
  const posted = new Set<string>();
  for (let i = 0; i < scopes.length; i += 500) {
    const rows = await q
      .selectDistinct({ scope: moneyLines.scope })
      .from(moneyLines)
      .where(inArray(moneyLines.scope, scopes.slice(i, i + 500)));
    for (const r of rows) posted.add(r.scope);
  }
  return scopes.filter((s) => !posted.has(s));
}

/**
 * Brings a scope's balances to what its rows say now, by one new entry of the differences (nothing
 * when there are none). Run in the transaction that changed those rows, under their row lock, so two
 * postings of one scope never interleave. What the target leaves unbalanced (rows whose figures do
 * not add up) goes to `suspense`, answered as `suspensePaise` for a money check to report; the
 * journal itself always balances.
 */
export async function alignScope(
  tx: Tx,
  input: { kind: string; scope: string; at: Date; memo?: string; target: readonly Balance[] },
): Promise<{ posted: boolean; suspensePaise: number }> {
  const current = await scopeBalances(tx, input.scope);
  const delta = new Map<string, Balance>();
  const add = (b: Balance, sign: 1 | -1) => {
    const tag = tagOf(b);
    const was = delta.get(tag);
    delta.set(tag, { ...b, amountPaise: (was?.amountPaise ?? 0) + sign * b.amountPaise });
  };
  for (const b of input.target) if (b.account !== 'suspense') add(b, 1);
  for (const b of current) if (b.account !== 'suspense') add(b, -1);
  const lines = [...delta.values()].filter((b) => b.amountPaise !== 0);
  // The scope always sums to zero, so after this entry suspense holds minus the target's sum: what
  // the rows' figures leave unplaced, back to nothing once they balance again.
  const unplaced = -lines.reduce((n, b) => n + b.amountPaise, 0);
  if (unplaced !== 0) lines.push({ account: 'suspense', amountPaise: unplaced });
  const suspensePaise = -input.target.reduce((n, b) => n + b.amountPaise, 0);
  if (!lines.length) return { posted: false, suspensePaise };
  const entryId = newId();
  await tx.insert(moneyEntries).values({
    id: entryId,
    kind: input.kind,
    scope: input.scope,
    at: input.at,
    memo: input.memo ?? null,
  });
  await tx.insert(moneyLines).values(
    lines.map((b) => ({
      id: newId(),
      entryId,
      scope: input.scope,
      account: b.account,
      sellerId: b.sellerId ?? null,
      orderId: b.orderId ?? null,
      paymentId: b.paymentId ?? null,
      amountPaise: b.amountPaise,
    })),
  );
  return { posted: true, suspensePaise };
}
