/** English strings of this feature, under `payments.` (merged in lib/i18n/en.ts). */
export const paymentsEn = {
  title: 'payments',
};
