import type { Widen } from '../../lib/i18n/widen.ts';
import type { notificationsEn } from './messages.en.ts';

/** Tamil strings of the notifications page and bell: the same keys as messages.en.ts. */
export const notificationsTa: Widen<typeof notificationsEn> = {
  empty: 'இங்கே இன்னும் எதுவும் இல்லை. உங்கள் லாக்கர்கள், ஆர்டர்கள், திட்டம் பற்றிய புதுப்பிப்புகள் இங்கே தோன்றும்.',
  markAll: 'அனைத்தையும் ({{count}}) படித்ததாகக் குறி',
  more: 'பழையவற்றைக் காட்டு',
  bellUnread_one: 'அறிவிப்புகள்: {{count}} படிக்கப்படாதது',
  bellUnread_other: 'அறிவிப்புகள்: {{count}} படிக்கப்படாதவை',
};
