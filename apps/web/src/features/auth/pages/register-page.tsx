import { ROUTES } from '@petti/shared/routes';
import { signUpBody } from '@petti/shared/schemas/auth';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { fieldOf, useErrorText } from '../../../lib/error-text.ts';
import { type FieldErrors, fieldErrorsFrom, focusFirstError } from '../../../lib/form-errors.ts';
import { Trans, useTranslation } from '../../../lib/i18n/react.tsx';
import { returnPath } from '../../../lib/sign-in-guard.ts';
import { sessionStore } from '../../../lib/storage.ts';
import { FormAlert, SubmitButton, TextField } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { useSignUp } from '../api/sign-up.ts';
import { type AuthNavState, readAuthState } from '../auth-state.ts';
import { completeSignIn } from '../complete-sign-in.ts';
import { PhoneField } from '../components/phone-field.tsx';
import { challengeFromSignUp, readChallenge, writeChallenge } from '../otp-session.ts';
import { minutesToWait } from '../wait-hint.ts';
import '../auth.css';

type RegisterField = 'name' | 'phone' | 'email';
const FIELD_ORDER: RegisterField[] = ['name', 'phone', 'email'];

/** /register: name, mobile number (+91) and an optional email; a code goes out, then /otp. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const nav = readAuthState(location.state);
  const errorText = useErrorText();
  const signUp = useSignUp();
  const form = useRef<HTMLFormElement>(null);

  const [name, setName] = useState('');
  const [phone, setPhone] = useState(nav.phone ?? '');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [failure, setFailure] = useState<unknown>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signUp.isPending) return;
    setFailure(null);
    const parsed = signUpBody.safeParse({
      name,
      phone,
      email: email.trim() === '' ? undefined : email.trim(),
    });
    if (!parsed.success) {
      const found = fieldErrorsFrom<RegisterField>(parsed.error.issues, t);
      setErrors(found);
      focusFirstError(found, FIELD_ORDER, form.current);
      return;
    }
    setErrors({});
    const input = parsed.data;
    const returnTo = returnPath(location.state);
    const onward: AuthNavState = { ...(nav.from && { from: nav.from }) };
    try {
      const result = await signUp.mutateAsync(input);
      if (result.nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
        writeChallenge(sessionStore(), challengeFromSignUp(result, input.phone, returnTo, api.serverNow()));
        navigate(ROUTES.otp, { state: onward });
      } else if (completeSignIn(result)) {
        navigate(returnTo, { replace: true });
      } else {
        // Any other answer: sign in with a code instead. (A registered number is answered as a new one,
        // with a code, so the server never says which numbers have accounts.)
        navigate(ROUTES.login, { state: { ...onward, phone } satisfies AuthNavState });
      }
    } catch (error) {
      // A code sent moments ago is still good: carry on with it rather than wait.
      const open = readChallenge(sessionStore());
      if (
        isApiError(error) &&
        error.code === 'CodeResendTooSoon' &&
        open?.purpose === 'sign_up' &&
        open.phone === input.phone
      ) {
        navigate(ROUTES.otp, { state: onward });
        return;
      }
      const field = fieldOf(error) as RegisterField | undefined;
      if (field && FIELD_ORDER.includes(field)) {
        const found = { [field]: errorText(error) };
        setErrors(found);
        focusFirstError(found, FIELD_ORDER, form.current);
      } else {
        setFailure(error);
      }
    }
  };

  const wait = minutesToWait(failure);

  return (
    <PageIntro page="register">
      <form ref={form} className="form" noValidate onSubmit={onSubmit}>
        {failure !== null && (
          <FormAlert testId="form-error">
            <p>{errorText(failure)}</p>
            {wait !== null && <p>{t('auth.tryAgainInMinutes', { count: wait })}</p>}
          </FormAlert>
        )}
        <TextField
          label={t('auth.nameLabel')}
          name="name"
          autoComplete="name"
          autoCapitalize="words"
          enterKeyHint="next"
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        <PhoneField value={phone} onChange={setPhone} error={errors.phone} />
        <TextField
          label={t('auth.emailLabel')}
          optional
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          hint={t('auth.emailHint')}
          error={errors.email}
        />
        <p className="form-note">
          <Trans
            i18nKey="auth.consent"
            components={{
              terms: <Link to={ROUTES.termsConditions} />,
              privacy: <Link to={ROUTES.privacyPolicy} />,
            }}
          />
        </p>
        <SubmitButton pending={signUp.isPending} pendingLabel={t('auth.sendingCode')}>
          {t('auth.register')}
        </SubmitButton>
      </form>
      <p className="page__aside auth-switch">
        {t('auth.haveAccount')}{' '}
        <Link to={ROUTES.login} state={{ ...(nav.from && { from: nav.from }), ...(phone && { phone }) }}>
          {t('auth.signIn')}
        </Link>
      </p>
    </PageIntro>
  );
}
