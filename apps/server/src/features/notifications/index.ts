/** The in-app inbox's public surface: features add notifications through this service. */
export { createNotificationsService, NOTIFICATION_PUSH_TIMER, type NotificationsService } from './service.ts';
