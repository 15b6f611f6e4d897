import { AppError } from '../../http/app-error.ts';
import { usersService } from '../users/index.ts';
import type { Challenges } from './challenges.ts';
import { type createCodeDelivery, deliveryDetails } from './code-delivery.ts';
import type { AuthDeps } from './deps.ts';

/** A new code for an open challenge: a sign-in one (with its session) or a pending sign-up. */
export function createResendCode(
  { db }: Pick<AuthDeps, 'db'>,
  parts: { challenges: Challenges; deliver: ReturnType<typeof createCodeDelivery> },
) {
  const { issueCode, openSignInChallenge } = parts.challenges;
  const { deliver } = parts;

  return {
    async resendCode(input: { phone: string; session?: string }, ip: string | null) {
      if (input.session) {
        const issued = await db.transaction(async (tx) => {
          const challenge = await openSignInChallenge(tx, input.phone, input.session!);
          return issueCode(tx, input.phone, ip, challenge, 'sign_in');
        });
        await deliver(input.phone, issued.code);
        return {
          codeDeliveryDetails: deliveryDetails(input.phone),
          resendAfter: issued.resendAfter.toISOString(),
          expiresAt: issued.expiresAt.toISOString(),
        };
      }
      const user = await usersService.findByPhone(db, input.phone);
      if (!user) throw new AppError('UserNotFoundException');
      if (user.confirmedAt)
        throw new AppError('Validation', 'This number is already confirmed. Please sign in.');
      const issued = await db.transaction((tx) => issueCode(tx, input.phone, ip, null, 'sign_up'));
      await deliver(input.phone, issued.code);
      return {
        codeDeliveryDetails: deliveryDetails(input.phone),
        resendAfter: issued.resendAfter.toISOString(),
        expiresAt: issued.expiresAt.toISOString(),
      };
    },
  };
}
