/** Accounts' public surface: other features reach user rows only through `usersService`. */
export { type NotificationPrefs, type User, usersService } from './service.ts';
