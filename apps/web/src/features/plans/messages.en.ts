/** English strings of this feature, under `plans.` (merged in lib/i18n/en.ts). */
export const plansEn = {
  title: 'plans',
};
