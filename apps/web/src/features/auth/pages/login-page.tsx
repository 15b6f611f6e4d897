import { ROUTES } from '@petti/shared/routes';
// The rule, not the zod schema made of it: this first screen does not load zod (docs/performance.md).
import { checkPhone } from '@petti/shared/rules/phone';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { fieldOf, useErrorText } from '../../../lib/error-text.ts';
import { fieldErrorsFrom, focusFirstError } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { returnPath } from '../../../lib/sign-in-guard.ts';
import { sessionStore } from '../../../lib/storage.ts';
import { FormAlert, SubmitButton } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { useSignIn } from '../api/sign-in.ts';
import { type AuthNavState, readAuthState } from '../auth-state.ts';
import { PhoneField } from '../components/phone-field.tsx';
import { formatClock, secondsUntil } from '../countdown.ts';
import { challengeFromSignIn, readChallenge, writeChallenge } from '../otp-session.ts';
import { minutesToWait, resendAllowedAt } from '../wait-hint.ts';
import '../auth.css';

/**
 * Now, redrawn every second while `on` (a countdown is showing). The clock is read as the screen is
 * drawn, not kept from the last tick: the render that turns the countdown on comes before any effect
 * runs, and a kept time would show it a second or more too long.
 */
function useTicker(on: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return Date.now();
}

/** /login: the mobile number (+91); a code goes out by SMS, then /otp. */
export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const nav = readAuthState(location.state);
  const errorText = useErrorText();
  const signIn = useSignIn();
  const form = useRef<HTMLFormElement>(null);

  const [phone, setPhone] = useState(nav.phone ?? '');
  const [resendAt, setResendAt] = useState<number | null>(null);
  const now = useTicker(resendAt !== null);
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  /** The number the server did not know, so the sign-up link can carry it. */
  const [unknownNumber, setUnknownNumber] = useState<string | null>(null);

  const onward: AuthNavState = { ...(nav.from && { from: nav.from }) };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    setFailure(null);
    setResendAt(null);
    setUnknownNumber(null);
    const checked = checkPhone(phone);
    if ('message' in checked) {
      const found = fieldErrorsFrom<'phone'>([{ path: ['phone'], message: checked.message }], t);
      setPhoneError(found.phone);
      focusFirstError(found, ['phone'], form.current);
      return;
    }
    setPhoneError(undefined);
    const wire = checked.wire;
    try {
      const result = await signIn.mutateAsync({ phone: wire });
      writeChallenge(sessionStore(), challengeFromSignIn(result, wire, returnPath(location.state)));
      navigate(ROUTES.otp, { state: onward });
    } catch (error) {
      const open = readChallenge(sessionStore());
      if (
        isApiError(error) &&
        error.code === 'CodeResendTooSoon' &&
        open?.purpose === 'sign_in' &&
        open.phone === wire &&
        !open.ended
      ) {
        // The code sent moments ago still works: carry on with it.
        navigate(ROUTES.otp, { state: onward });
        return;
      }
      if (isApiError(error) && error.code === 'UserNotFoundException') setUnknownNumber(phone);
      if (fieldOf(error) === 'phone') {
        setPhoneError(errorText(error));
        focusFirstError({ phone: 'x' }, ['phone'], form.current);
      } else {
        setFailure(error);
        setResendAt(resendAllowedAt(error, Date.now()));
      }
    }
  };

  const wait = minutesToWait(failure);
  const resendIn = secondsUntil(resendAt ?? undefined, now);

  return (
    <PageIntro page="login">
      <form ref={form} className="form" noValidate onSubmit={onSubmit}>
        {failure !== null && (
          <FormAlert testId="form-error">
            <p>{errorText(failure)}</p>
            {wait !== null && <p>{t('auth.tryAgainInMinutes', { count: wait })}</p>}
            {resendAt !== null && (
              <p data-testid="resend-countdown" aria-live="polite">
                {resendIn > 0 ? t('auth.askAgainIn', { time: formatClock(resendIn) }) : t('auth.askAgainNow')}
              </p>
            )}
            {unknownNumber && (
              <p>
                <Link
                  to={ROUTES.register}
                  state={{ ...onward, phone: unknownNumber } satisfies AuthNavState}
                  data-testid="register-with-number"
                >
                  {t('auth.registerWithNumber')}
                </Link>
              </p>
            )}
          </FormAlert>
        )}
        <PhoneField value={phone} onChange={setPhone} error={phoneError} />
        <SubmitButton pending={signIn.isPending} pendingLabel={t('auth.sendingCode')}>
          {t('auth.sendCode')}
        </SubmitButton>
      </form>
      <p className="page__aside auth-switch">
        {t('auth.newHere')}{' '}
        <Link to={ROUTES.register} state={{ ...onward, ...(phone && { phone }) } satisfies AuthNavState}>
          {t('auth.createAccount')}
        </Link>
      </p>
    </PageIntro>
  );
}
