/** English strings of this feature, under `notifications.` (merged in lib/i18n/en.ts). */
export const notificationsEn = {
  title: 'notifications',
};
