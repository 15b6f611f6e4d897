import { api } from '../../../lib/api.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useResendCode } from '../api/resend-code.ts';
import { useSignIn } from '../api/sign-in.ts';
import { challengeFromSignIn, type OtpChallenge, withNewCode } from '../otp-session.ts';

/**
 * "Send the code again" on /otp: a new code for the open challenge, or a new sign-in challenge
 * when the old one is over. Waits out `resendIn` (seconds) and remembers a server-imposed wait.
 */
export function useResendOtp(
  challenge: OtpChallenge,
  {
    resendIn,
    save,
    lose,
    onStart,
    onSent,
    onError,
  }: {
    resendIn: number;
    save: (next: OtpChallenge) => void;
    lose: () => void;
    onStart: () => void;
    onSent: () => void;
    onError: (error: unknown) => void;
  },
) {
  const resendCode = useResendCode();
  const signIn = useSignIn();
  const resending = resendCode.isPending || signIn.isPending;

  const resend = async () => {
    if (resending || resendIn > 0) return;
    onStart();
    // A sign-in challenge that took its last wrong answer, or expired while being answered, is
    // over on the server: a new code means a new challenge.
    const startOver = async () => {
      const result = await signIn.mutateAsync({ phone: challenge.phone });
      save(challengeFromSignIn(result, challenge.phone, challenge.returnTo));
    };
    try {
      if (challenge.purpose === 'sign_in' && (challenge.ended || !challenge.session)) {
        await startOver();
      } else {
        try {
          const sent = await resendCode.mutateAsync({
            phone: challenge.phone,
            ...(challenge.purpose === 'sign_in' && { session: challenge.session }),
          });
          save(
            withNewCode(challenge, {
              expiresAt: sent.expiresAt,
              resendAfter: sent.resendAfter,
              destination: sent.codeDeliveryDetails.destination,
            }),
          );
        } catch (error) {
          if (challenge.purpose === 'sign_in' && isApiError(error) && error.code === 'SignInException') {
            await startOver();
          } else {
            throw error;
          }
        }
      }
      onSent();
    } catch (error) {
      if (isApiError(error) && error.code === 'CodeResendTooSoon' && error.retryAfterMs !== undefined) {
        save({ ...challenge, resendAfter: new Date(api.serverNow() + error.retryAfterMs).toISOString() });
      }
      if (isApiError(error) && error.code === 'UserNotFoundException') {
        lose();
        return;
      }
      onError(error);
    }
  };

  return { resend, resending };
}
