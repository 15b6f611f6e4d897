/** Saved addresses' public surface: what other features may use (docs/marketplace.md). */
export { type AddressesService, createAddressesService } from './service.ts';
export { toAddress } from './views.ts';
