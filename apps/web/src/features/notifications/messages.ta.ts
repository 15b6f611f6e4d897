import type { Widen } from '../../lib/i18n/widen.ts';
import type { notificationsEn } from './messages.en.ts';

/** Tamil strings of this feature: the same keys as messages.en.ts. */
export const notificationsTa: Widen<typeof notificationsEn> = {
  title: 'தலைப்பு',
};
