/**
 * The journal's accounts (docs/payments.md#the-money-journal). A debit is positive, a credit
 * negative; each account's balance is the sum of its lines.
 * - `provider`: Petti's money at the payment provider (debit: captured, less refunds and transfers).
 * - `shop_payable`: what Petti owes a shop (`seller_id`); a credit balance. Debited when a transfer is
 *   reserved, credited back when one fails or a reversal comes in. A debit balance: the shop owes Petti.
 * - `shop_receivable`: what a shop owes Petti (`seller_id`); a debit balance. Debited when the provider
 *   could not take a refund back from the shop (an unrecovered reversal), credited by what a later
 *   transfer kept back for it.
 * - `transfers_in_flight`: transfers asked of the provider and not yet confirmed; a credit balance.
 * - `petti_fees`: an order's fees that are Petti's (delivery, small cart, packaging).
 * - `petti_sales`: what shoppers paid Petti itself (lockers, plans).
 * - `held_for_sellers`: grab-and-go and complex sales Petti holds for their sellers (no transfers yet).
 * - `refunds_due`: money taken for something that could not be granted, owed back to the shopper.
 * - `suspense`: what a posting could not place (the rows' figures did not balance); a money check
 *   reports every scope with a suspense balance.
 */
export const MONEY_ACCOUNTS = [
  'provider',
  'shop_payable',
  'shop_receivable',
  'transfers_in_flight',
  'petti_fees',
  'petti_sales',
  'held_for_sellers',
  'refunds_due',
  'suspense',
] as const;
export type MoneyAccount = (typeof MONEY_ACCOUNTS)[number];
