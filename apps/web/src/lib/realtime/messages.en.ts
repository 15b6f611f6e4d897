/** English strings of this feature, under `live.` (merged in lib/i18n/en.ts). */
export const liveEn = {
  title: 'live',
};
