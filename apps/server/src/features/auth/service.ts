import { createChallenges } from './challenges.ts';
import { createCodeDelivery } from './code-delivery.ts';
import type { AuthDeps } from './deps.ts';
import { createResendCode } from './resend-code.ts';
import { createSessions } from './sessions.ts';
import { createSignIn } from './sign-in.ts';
import { createSignUp } from './sign-up.ts';

export type { AuthDeps } from './deps.ts';
export type { AuthedSession } from './sessions.ts';

/** Sign-up, sign-in with a code, and the sessions they open (docs/product.md#sign-up-and-sign-in-steps). */
export function createAuthService(deps: AuthDeps) {
  const challenges = createChallenges(deps);
  const deliver = createCodeDelivery(deps);
  const { openSession, ...sessions } = createSessions(deps);
  const parts = { challenges, deliver, sessions: { openSession } };
  return {
    ...createSignUp(deps, parts),
    ...createResendCode(deps, parts),
    ...createSignIn(deps, parts),
    ...sessions,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
