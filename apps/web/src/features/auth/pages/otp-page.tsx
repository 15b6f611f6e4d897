import { ERRORS } from '@petti/shared/errors';
import { ROUTES } from '@petti/shared/routes';
import type { SignInResult } from '@petti/shared/schemas/auth';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { sessionStore } from '../../../lib/storage.ts';
import { FormAlert, SubmitButton } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { useServerNow } from '../../../lib/use-server-now.ts';
import { useConfirmSignIn } from '../api/confirm-sign-in.ts';
import { useConfirmSignUp } from '../api/confirm-sign-up.ts';
import { useResendCode } from '../api/resend-code.ts';
import { useSignIn } from '../api/sign-in.ts';
import { type AuthNavState, readAuthState } from '../auth-state.ts';
import { completeSignIn } from '../complete-sign-in.ts';
import { OtpInput } from '../components/otp-input.tsx';
import { formatClock, secondsUntil } from '../countdown.ts';
import { useWebOtp } from '../hooks/use-web-otp.ts';
import { codeOf, emptyDigits, isComplete, OTP_LENGTH } from '../otp-digits.ts';
import {
  challengeFromSignIn,
  clearChallenge,
  type OtpChallenge,
  readChallenge,
  withNewCode,
  writeChallenge,
} from '../otp-session.ts';
import { mobileFromWire } from '../phone-input.ts';
import { minutesToWait } from '../wait-hint.ts';
import '../auth.css';

/**
 * /otp: the code from the SMS. The challenge lives in the tab's session storage, so a reload keeps
 * it; without one (another tab, or the session storage was cleared) the page explains and leads
 * back to /login (docs/product.md#sign-up-and-sign-in-steps: an answer with no challenge is `SignInException`).
 */
export default function OtpPage() {
  const [challenge, setChallenge] = useState<OtpChallenge | null>(() => readChallenge(sessionStore()));
  const save = useCallback((next: OtpChallenge) => {
    writeChallenge(sessionStore(), next);
    setChallenge(next);
  }, []);
  const lose = useCallback(() => {
    clearChallenge(sessionStore());
    setChallenge(null);
  }, []);
  return (
    <PageIntro page="otp">
      {challenge ? <OtpForm challenge={challenge} save={save} lose={lose} /> : <LostChallenge />}
    </PageIntro>
  );
}

function LostChallenge() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const nav = readAuthState(location.state);
  const language = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  return (
    <div className="stack" data-testid="otp-lost">
      <FormAlert variant="info">
        <p>
          <strong>{t('otp.lostTitle')}</strong>
        </p>
        <p>{ERRORS.SignInException[language]}</p>
      </FormAlert>
      <Link className="button button--primary button--block" to={ROUTES.login} state={nav} replace>
        {t('otp.lostAction')}
      </Link>
    </div>
  );
}

type Problem =
  | { kind: 'wrong'; attemptsLeft?: number }
  | { kind: 'exhausted' }
  | { kind: 'expired' }
  | { kind: 'error'; error: unknown };

function OtpForm({
  challenge,
  save,
  lose,
}: {
  challenge: OtpChallenge;
  save: (next: OtpChallenge) => void;
  lose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const labelId = useId();
  const statusId = useId();

  const confirmSignUp = useConfirmSignUp();
  const confirmSignIn = useConfirmSignIn();
  const resendCode = useResendCode();
  const signIn = useSignIn();

  const [digits, setDigits] = useState<string[]>(emptyDigits);
  const [problem, setProblem] = useState<Problem | null>(() =>
    challenge.ended ? { kind: challenge.ended } : null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  /** The last code sent for checking, so a wrong one is not sent again on its own. */
  const submitted = useRef<string | null>(null);
  const verifying = confirmSignUp.isPending || confirmSignIn.isPending;
  const resending = resendCode.isPending || signIn.isPending;

  const now = useServerNow(true);
  const expiresIn = challenge.expiresAt ? secondsUntil(Date.parse(challenge.expiresAt), now) : null;
  const resendIn = challenge.resendAfter ? secondsUntil(Date.parse(challenge.resendAfter), now) : 0;
  const expired = challenge.ended === 'expired' || expiresIn === 0;
  const canAnswer = !challenge.ended && !expired;

  const focusFirstBox = () => {
    requestAnimationFrame(() =>
      document.querySelector<HTMLInputElement>('[data-testid="otp-digit-1"]')?.focus(),
    );
  };

  const finish = (result: { userId?: string; tokens?: SignInResult['tokens'] }) => {
    if (!completeSignIn(result)) {
      setProblem({ kind: 'error', error: null });
      return;
    }
    toast.success(t('auth.welcome'), { id: 'signed-in' });
    navigate(challenge.returnTo, { replace: true });
  };

  const wrongCode = (next: OtpChallenge) => {
    save(next);
    setProblem({ kind: 'wrong', attemptsLeft: next.attemptsLeft });
    setDigits(emptyDigits());
    focusFirstBox();
  };

  const verify = async (code: string) => {
    if (verifying || !canAnswer) return;
    submitted.current = code;
    setProblem(null);
    setNotice(null);
    try {
      if (challenge.purpose === 'sign_up') {
        finish(await confirmSignUp.mutateAsync({ phone: challenge.phone, code }));
        return;
      }
      const result = await confirmSignIn.mutateAsync({
        phone: challenge.phone,
        session: challenge.session ?? '',
        answer: code,
      });
      if (result.isSignedIn) {
        finish(result);
        return;
      }
      const info = result.nextStep.additionalInfo;
      wrongCode({
        ...challenge,
        session: result.session ?? challenge.session,
        attemptsLeft: info?.attemptsLeft,
        expiresAt: info?.expiresAt ?? challenge.expiresAt,
        resendAfter: info?.resendAfter ?? challenge.resendAfter,
      });
    } catch (error) {
      if (!isApiError(error)) {
        setProblem({ kind: 'error', error });
        return;
      }
      switch (error.code) {
        case 'CodeMismatchException':
          wrongCode({ ...challenge, attemptsLeft: error.number('attemptsLeft') });
          return;
        case 'NotAuthorizedException':
          save({ ...challenge, ended: 'exhausted', attemptsLeft: 0 });
          setProblem({ kind: 'exhausted' });
          return;
        case 'ExpiredCodeException':
          save({ ...challenge, ended: 'expired' });
          setProblem({ kind: 'expired' });
          return;
        case 'SignInException':
          lose();
          return;
        default:
          // Offline or a hiccup: keep the digits so "Verify" can try the same code again.
          submitted.current = null;
          setProblem({ kind: 'error', error });
      }
    }
  };

  // Send the code as soon as all six digits are in (typed, pasted or filled from the SMS).
  const code = codeOf(digits);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the digits change, by design
  useEffect(() => {
    if (isComplete(digits) && code !== submitted.current && canAnswer && !verifying) void verify(code);
  }, [code]);

  useWebOtp(canAnswer, challenge.resendAfter, (received) => {
    if (/^\d{6}$/.test(received)) setDigits(received.split(''));
  });

  const resend = async () => {
    if (resending || resendIn > 0) return;
    setProblem(null);
    setNotice(null);
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
      submitted.current = null;
      setDigits(emptyDigits());
      setNotice(t('otp.resent', { destination: challenge.destination }));
      focusFirstBox();
    } catch (error) {
      if (isApiError(error) && error.code === 'CodeResendTooSoon' && error.retryAfterMs !== undefined) {
        save({ ...challenge, resendAfter: new Date(api.serverNow() + error.retryAfterMs).toISOString() });
      }
      if (isApiError(error) && error.code === 'UserNotFoundException') {
        lose();
        return;
      }
      setProblem({ kind: 'error', error });
    }
  };

  const changeNumber = () => {
    const state: AuthNavState = {
      ...(challenge.returnTo !== ROUTES.dashboard && { from: challenge.returnTo }),
      phone: mobileFromWire(challenge.phone),
    };
    clearChallenge(sessionStore());
    navigate(challenge.purpose === 'sign_up' ? ROUTES.register : ROUTES.login, { replace: true, state });
  };

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
    <div className="otp">
      <p className="otp__sent">
        <Trans
          i18nKey="otp.sentTo"
          values={{ destination: challenge.destination }}
          components={{ strong: <strong /> }}
        />{' '}
        <button type="button" className="button--link" onClick={changeNumber} data-testid="change-number">
          {t('otp.changeNumber')}
        </button>
      </p>

      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (isComplete(digits)) void verify(code);
        }}
      >
        <div className="otp__field">
          <span id={labelId} className="field__label">
            {t('otp.codeLabel')}
          </span>
          <OtpInput
            digits={digits}
            onChange={(next) => {
              setDigits(next);
              if (problem?.kind === 'wrong' || problem?.kind === 'error') setProblem(null);
            }}
            disabled={!canAnswer || verifying}
            invalid={problem?.kind === 'wrong'}
            labelledBy={labelId}
            describedBy={statusId}
          />
          <div id={statusId} aria-live="polite">
            {problemText ? (
              <p className="field__error otp__problem" data-testid="otp-error" role="alert">
                {problemText}
                {wait !== null && ` ${t('auth.tryAgainInMinutes', { count: wait })}`}
              </p>
            ) : expiresIn !== null && canAnswer ? (
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
        </div>
        <SubmitButton
          pending={verifying}
          pendingLabel={t('otp.verifying')}
          disabled={!canAnswer || digits.join('').length < OTP_LENGTH}
        >
          {t('otp.verify')}
        </SubmitButton>
      </form>

      <div className="otp__resend">
        <p>{t('otp.didNotGet')}</p>
        <button
          type="button"
          className="button button--ghost button--block"
          onClick={() => void resend()}
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
    </div>
  );
}
