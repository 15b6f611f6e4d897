/** The signed-in user's own account (profile, email link, deletion): its public surface. */
export { createMeService, type MeService } from './service.ts';
