/** English strings of this feature, under `orders.` (merged in lib/i18n/en.ts). */
export const ordersEn = {
  title: 'orders',
};
