/** Sign-in's public surface: what other features may use. */
export { emailLinks } from './email-links.ts';
export { type AuthService, createAuthService } from './service.ts';
