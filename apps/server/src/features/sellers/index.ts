/** The sellers' public surface: what other features may use (docs/marketplace.md). */

export { createSellerApprovals, type SellerApprovals } from './approvals.ts';
export { createSellersService, type SellersService, sellerRows } from './service.ts';
export { createShopMembers, type ShopMembers, type ShopMembership } from './shop-members.ts';
export { createShopSettings, type ShopSettingsService } from './shop-settings.ts';
export { type SellerRow, scheduleOf } from './views.ts';
