/** English strings of this feature, under `addresses.` (merged in lib/i18n/en.ts). */
export const addressesEn = {
  title: 'addresses',
};
