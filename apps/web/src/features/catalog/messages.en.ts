/** English strings of this feature, under `shop.` (merged in lib/i18n/en.ts). */
export const shopEn = {
  title: 'shop',
};
