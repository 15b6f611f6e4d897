import { z } from 'zod';

/**
 * Money that does not add up (docs/payments.md#money-checks), for Petti's operators: each broken rule
 * of the books with the shop and order it is about, what was expected and what is there (paise),
 * and since when. `held`: a provider's fact Petti would not apply (an amount that is not what it
 * asked for, a transfer failing after it was made); only an operator clears it.
 */
export const moneyCheckSchema = z.object({
  id: z.string(),
  rule: z.string(),
  subject: z.string(),
  shopId: z.string().nullable(),
  shopName: z.string().nullable(),
  orderId: z.string().nullable(),
  expectedPaise: z.number().int(),
  actualPaise: z.number().int(),
  detail: z.string(),
  held: z.boolean(),
  /** When it was first found (ISO). */
  since: z.string(),
});
export type MoneyCheck = z.infer<typeof moneyCheckSchema>;

/** `GET /api/operator/money-checks`: empty when all is well. */
export const moneyChecksSchema = z.object({
  checks: z.array(moneyCheckSchema),
  /** Whether the journal balances as a whole (it always should: the database enforces each entry). */
  balanced: z.boolean(),
});
export type MoneyChecks = z.infer<typeof moneyChecksSchema>;

export const moneyCheckParams = z.object({ id: z.string().min(1).max(300) });
