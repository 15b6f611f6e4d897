import { useTranslation } from '../../../lib/i18n/react.tsx';
import { formatClock } from '../countdown.ts';

/** "Send the code again", counting down until the server allows another SMS. */
export function OtpResend({
  resending,
  resendIn,
  onResend,
}: {
  resending: boolean;
  /** Seconds until a new code may be asked for. */
  resendIn: number;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="otp__resend">
      <p>{t('otp.didNotGet')}</p>
      <button
        type="button"
        className="button button--ghost button--block"
        onClick={onResend}
        disabled={resending || resendIn > 0}
        data-testid="resend-code"
      >
        {resending
          ? t('otp.resending')
          : resendIn > 0
            ? t('otp.resendIn', { time: formatClock(resendIn) })
            : t('otp.resend')}
      </button>
      <p className="form-note">{t('otp.dndNote')}</p>
    </div>
  );
}
