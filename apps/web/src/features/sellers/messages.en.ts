/** English strings of this feature, under `sellers.` (merged in lib/i18n/en.ts). */
export const sellersEn = {
  title: 'sellers',
};
