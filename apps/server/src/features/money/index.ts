/** The money journal's public surface (docs/payments.md#the-money-journal). */
export type { MoneyAccount } from './accounts.ts';
export type { MoneyCheckDeps } from './checks.ts';
export { createMoneyChecks, type Finding, type MoneyCheck, type MoneyChecks } from './checks.ts';
export type { MoneyDeps, OrderSplit } from './deps.ts';
export type { Balance } from './journal.ts';
export { moneyRoutes } from './routes.ts';
export { createMoney, type Money, type MoneyJournal, type OrderLedger } from './service.ts';
