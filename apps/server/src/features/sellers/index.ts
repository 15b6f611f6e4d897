/** The sellers' public surface: what other features may use (docs/marketplace.md). */
export { createSellersService, type SellersService } from './service.ts';
export type { SellerRow } from './view.ts';
