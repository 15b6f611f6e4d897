import { maskPhone } from '@petti/shared';
import { AppError } from '../../http/app-error.ts';
import type { AuthDeps } from './deps.ts';

export const deliveryDetails = (phone: string) => ({
  deliveryMedium: 'SMS' as const,
  destination: maskPhone(phone),
  attributeName: 'phone_number' as const,
});

/** Sends a code by SMS. */
export function createCodeDelivery({ sms, config }: Pick<AuthDeps, 'sms' | 'config'>) {
  // The last line lets Android's WebOTP fill the code in, bound to Petti's origin.
  const otpOrigin = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).host;

  return async function deliver(phone: string, code: string): Promise<void> {
    const minutes = Math.round(config.AUTH_CODE_TTL_SECONDS / 60);
    const body = `${code} is your Petti code. It expires in ${minutes} minutes. Do not share it. - Petti\n\n@${otpOrigin} #${code}`;
    try {
      await sms.send({ to: phone, body, code });
    } catch {
      throw new AppError(
        'ServiceUnavailable',
        'We could not send the SMS just now. Please try again in a minute.',
      );
    }
  };
}
