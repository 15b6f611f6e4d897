/** Shop settlements' public surface (docs/shops.md#settlement). */
export { SETTLEMENT_TIMERS, type SettlementsDeps } from './deps.ts';
export { settlementRoutes } from './routes.ts';
export { createSettlements, type Settlements } from './service.ts';
