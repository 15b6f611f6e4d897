/** English strings of this feature, under `lockers.` (merged in lib/i18n/en.ts). */
export const lockersEn = {
  title: 'lockers',
};
