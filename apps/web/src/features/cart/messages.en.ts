/** English strings of this feature, under `cart.` (merged in lib/i18n/en.ts). */
export const cartEn = {
  title: 'cart',
};
