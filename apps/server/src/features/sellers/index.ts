/** The sellers' public surface: what other features may use (docs/marketplace.md). */
export { createSellersService, type SellersService, sellerRows } from './service.ts';
export type { SellerRow } from './views.ts';
