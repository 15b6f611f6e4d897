/** English strings of this feature, under `dashboard.` (merged in lib/i18n/en.ts). */
export const dashboardEn = {
  title: 'dashboard',
};
