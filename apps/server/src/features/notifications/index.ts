/** The in-app inbox's public surface: features add notifications through this service. */
export { createNotificationsService, type NotificationsService } from './service.ts';
