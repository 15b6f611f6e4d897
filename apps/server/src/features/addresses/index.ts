/** Saved addresses' public surface: what other features may use (docs/marketplace.md). */
export { type AddressesService, createAddressesService, toAddress } from './service.ts';
