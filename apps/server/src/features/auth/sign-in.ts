import type { SignInResult } from '@petti/shared';
import { AppError } from '../../http/app-error.ts';
import { usersService } from '../users/index.ts';
import type { Challenges } from './challenges.ts';
import { type createCodeDelivery, deliveryDetails } from './code-delivery.ts';
import type { AuthDeps } from './deps.ts';
import type { Sessions } from './sessions.ts';

/** Signing in to a confirmed account with a code sent to its number. */
export function createSignIn(
  { db, config }: Pick<AuthDeps, 'db' | 'config'>,
  parts: {
    challenges: Challenges;
    deliver: ReturnType<typeof createCodeDelivery>;
    sessions: Pick<Sessions, 'openSession'>;
  },
) {
  const { issueCode, judge, refuse, openSignInChallenge } = parts.challenges;
  const { deliver } = parts;
  const { openSession } = parts.sessions;

  return {
    async signIn(input: { phone: string }, ip: string | null): Promise<SignInResult> {
      const user = await usersService.findByPhone(db, input.phone);
      if (!user?.confirmedAt) throw new AppError('UserNotFoundException');
      const issued = await db.transaction((tx) => issueCode(tx, input.phone, ip, null, 'sign_in'));
      await deliver(input.phone, issued.code);
      return {
        isSignedIn: false,
        nextStep: {
          signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
          additionalInfo: {
            attemptsLeft: config.AUTH_MAX_ATTEMPTS,
            expiresAt: issued.expiresAt.toISOString(),
            resendAfter: issued.resendAfter.toISOString(),
            codeDeliveryDetails: deliveryDetails(input.phone),
          },
        },
        session: issued.session,
      };
    },

    async confirmSignIn(input: { phone: string; session?: string; answer: string }): Promise<SignInResult> {
      if (input.answer.trim() === '') throw new AppError('EmptyChallengeResponse');
      if (!input.session) throw new AppError('SignInException');
      const outcome = await db.transaction(async (tx) => {
        const challenge = await openSignInChallenge(tx, input.phone, input.session!);
        const verdict = await judge(tx, challenge, input.answer.trim());
        if (verdict.kind !== 'ok') return { verdict, challenge };
        const user = await usersService.findByPhone(tx, input.phone);
        if (!user) return { verdict: { kind: 'exhausted' as const }, challenge };
        return { verdict, challenge, userId: user.id, tokens: await openSession(tx, user.id) };
      });
      const { verdict, challenge } = outcome;
      if (verdict.kind === 'wrong') {
        return {
          isSignedIn: false,
          nextStep: {
            signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
            additionalInfo: {
              attemptsLeft: verdict.attemptsLeft,
              expiresAt: challenge.expiresAt.toISOString(),
              resendAfter: new Date(
                challenge.sentAt.getTime() + config.AUTH_RESEND_SECONDS * 1000,
              ).toISOString(),
              codeDeliveryDetails: deliveryDetails(input.phone),
              error: 'CodeMismatch',
            },
          },
          session: input.session,
        };
      }
      if (verdict.kind !== 'ok') refuse(verdict);
      return {
        isSignedIn: true,
        nextStep: { signInStep: 'DONE' },
        userId: outcome.userId,
        tokens: outcome.tokens,
      };
    },
  };
}
