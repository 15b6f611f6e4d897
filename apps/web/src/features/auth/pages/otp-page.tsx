import { ROUTES } from '@petti/shared/routes';
import type { SignInResult } from '@petti/shared/schemas/auth';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { Trans, useTranslation } from '../../../lib/i18n/react.tsx';
import { sessionStore } from '../../../lib/storage.ts';
import { SubmitButton } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { useServerNow } from '../../../lib/use-server-now.ts';
import { useConfirmSignIn } from '../api/confirm-sign-in.ts';
import { useConfirmSignUp } from '../api/confirm-sign-up.ts';
import type { AuthNavState } from '../auth-state.ts';
import { completeSignIn } from '../complete-sign-in.ts';
import { OtpInput } from '../components/otp-input.tsx';
import { OtpLostChallenge } from '../components/otp-lost-challenge.tsx';
import { OtpResend } from '../components/otp-resend.tsx';
import { type OtpProblem, OtpStatus } from '../components/otp-status.tsx';
import { secondsUntil } from '../countdown.ts';
import { useResendOtp } from '../hooks/use-resend-otp.ts';
import { useWebOtp } from '../hooks/use-web-otp.ts';
import { codeOf, emptyDigits, isComplete, OTP_LENGTH } from '../otp-digits.ts';
import { clearChallenge, type OtpChallenge, readChallenge, writeChallenge } from '../otp-session.ts';
import { mobileFromWire } from '../phone-input.ts';
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
      {challenge ? <OtpForm challenge={challenge} save={save} lose={lose} /> : <OtpLostChallenge />}
    </PageIntro>
  );
}

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
  const labelId = useId();
  const statusId = useId();

  const confirmSignUp = useConfirmSignUp();
  const confirmSignIn = useConfirmSignIn();

  const [digits, setDigits] = useState<string[]>(emptyDigits);
  const [problem, setProblem] = useState<OtpProblem | null>(() =>
    challenge.ended ? { kind: challenge.ended } : null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  /** The last code sent for checking, so a wrong one is not sent again on its own. */
  const submitted = useRef<string | null>(null);
  const verifying = confirmSignUp.isPending || confirmSignIn.isPending;

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

  const { resend, resending } = useResendOtp(challenge, {
    resendIn,
    save,
    lose,
    onStart: () => {
      setProblem(null);
      setNotice(null);
    },
    onSent: () => {
      submitted.current = null;
      setDigits(emptyDigits());
      setNotice(t('otp.resent', { destination: challenge.destination }));
      focusFirstBox();
    },
    onError: (error) => setProblem({ kind: 'error', error }),
  });

  const changeNumber = () => {
    const state: AuthNavState = {
      ...(challenge.returnTo !== ROUTES.dashboard && { from: challenge.returnTo }),
      phone: mobileFromWire(challenge.phone),
    };
    clearChallenge(sessionStore());
    navigate(challenge.purpose === 'sign_up' ? ROUTES.register : ROUTES.login, { replace: true, state });
  };

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
          <OtpStatus
            id={statusId}
            problem={problem}
            expired={expired}
            expiresIn={canAnswer ? expiresIn : null}
            notice={notice}
          />
        </div>
        <SubmitButton
          pending={verifying}
          pendingLabel={t('otp.verifying')}
          disabled={!canAnswer || digits.join('').length < OTP_LENGTH}
        >
          {t('otp.verify')}
        </SubmitButton>
      </form>

      <OtpResend resending={resending} resendIn={resendIn} onResend={() => void resend()} />
    </div>
  );
}
