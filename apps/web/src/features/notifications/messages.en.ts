/** English strings of the notifications page and bell, under `notifications.`. */
export const notificationsEn = {
  empty: 'Nothing here yet. Updates about your lockers, orders and plan will appear here.',
  markAll: 'Mark all {{count}} as read',
  more: 'Show older',
  bellUnread_one: 'Notifications: {{count}} unread',
  bellUnread_other: 'Notifications: {{count}} unread',
};
