import { z } from 'zod';
import { townDate } from './town-date.ts';

/**
 * A shop's money from its app (docs/shops.md#money): the orders paid in a span of town dates, each
 * with what the shopper paid, what went back, Petti's fees and what the shop is owed. Per order:
 * owed = paid − refunded − Petti's fees, and Petti keeps no fee on an order refunded in full.
 */

/** The longest span one report covers. */
export const MONEY_MAX_DAYS = 92;

/** `GET /api/shops/:shopId/money?from=&to=` and `…/money.csv`: town dates, both included; today by default. */
export const shopMoneyQuery = z.object({ from: townDate.optional(), to: townDate.optional() });
export type ShopMoneyQuery = z.infer<typeof shopMoneyQuery>;

export const shopMoneyOrderSchema = z.object({
  orderId: z.string(),
  /** When it was paid for (ISO). */
  paidAt: z.string(),
  deliveryType: z.string(),
  state: z.string(),
  paidPaise: z.number().int(),
  refundedPaise: z.number().int(),
  pettiFeesPaise: z.number().int(),
  owedPaise: z.number().int(),
});
export type ShopMoneyOrder = z.infer<typeof shopMoneyOrderSchema>;

export const shopMoneySchema = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.array(shopMoneyOrderSchema),
  totals: z.object({
    orders: z.number().int(),
    paidPaise: z.number().int(),
    refundedPaise: z.number().int(),
    pettiFeesPaise: z.number().int(),
    owedPaise: z.number().int(),
  }),
});
export type ShopMoney = z.infer<typeof shopMoneySchema>;
