import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { formatClock } from '../countdown.ts';
import { minutesToWait } from '../wait-hint.ts';

export type OtpProblem =
  | { kind: 'wrong'; attemptsLeft?: number }
  | { kind: 'exhausted' }
  | { kind: 'expired' }
  | { kind: 'error'; error: unknown };

/**
 * The line under the code boxes, read out as it changes: what went wrong, else how long the code
 * has left (`expiresIn`, null when it cannot be answered), and a notice such as "code sent again".
 */
export function OtpStatus({
  id,
  problem,
  expired,
  expiresIn,
  notice,
}: {
  id: string;
  problem: OtpProblem | null;
  expired: boolean;
  expiresIn: number | null;
  notice: string | null;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const wait = minutesToWait(problem?.kind === 'error' ? problem.error : null);
  let problemText: string | null = null;
  if (problem?.kind === 'wrong') {
    problemText =
      problem.attemptsLeft === undefined
        ? t('otp.wrongCode')
        : `${t('otp.wrongCode')} ${t('otp.attemptsLeft', { count: problem.attemptsLeft })}`;
  } else if (problem?.kind === 'exhausted') problemText = t('otp.exhausted');
  else if (problem?.kind === 'expired' || (expired && !problem)) problemText = t('otp.expired');
  else if (problem?.kind === 'error') problemText = errorText(problem.error);
  return (
    <div id={id} aria-live="polite">
      {problemText ? (
        <p className="field__error otp__problem" data-testid="otp-error" role="alert">
          {problemText}
          {wait !== null && ` ${t('auth.tryAgainInMinutes', { count: wait })}`}
        </p>
      ) : expiresIn !== null ? (
        <p className="field__hint" data-testid="otp-expiry">
          {t('otp.expiresIn', { time: formatClock(expiresIn) })}
        </p>
      ) : null}
      {notice && !problemText && (
        <p className="field__hint otp__notice" data-testid="otp-notice">
          {notice}
        </p>
      )}
    </div>
  );
}
