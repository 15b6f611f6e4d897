/** The cart's public surface: what other features may use (docs/marketplace.md). */
export { type CartService, createCartService } from './service.ts';
export { assertPayable, type CartValidation, sellerClosedError, validateCartItems } from './validate.ts';
