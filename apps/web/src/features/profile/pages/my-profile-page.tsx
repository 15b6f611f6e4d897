import { displayPhone } from '@petti/shared/rules/phone';
import { emailSchema, type Me, nameSchema } from '@petti/shared/schemas/auth';
import { type FormEvent, useRef, useState } from 'react';
import {
  type UpdateMeInput,
  useMe,
  useRequestEmailVerification,
  useUpdateMe,
} from '../../../lib/current-user.ts';
import { fieldOf, useErrorText } from '../../../lib/error-text.ts';
import { type FieldErrors, fieldErrorsFrom, focusFirstError } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Field, FormAlert, LoadFailedAlert, SubmitButton } from '../../../lib/ui/form.tsx';
import { LoadingLine, Spinner } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { AccountLinks } from '../components/account-links.tsx';
import '../profile.css';

type ProfileField = 'name' | 'email';
const FIELD_ORDER: ProfileField[] = ['name', 'email'];

/** /myProfile: name, mobile number (read-only), email with its verified badge; edit and verify. */
export default function MyProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  const errorText = useErrorText();
  return (
    <PageIntro page="myProfile">
      <section className="panel" aria-labelledby="profile-details">
        <h2 id="profile-details" className="panel__title">
          {t('profile.detailsTitle')}
        </h2>
        {me.isPending ? (
          <LoadingLine />
        ) : me.isError ? (
          <LoadFailedAlert
            testId="profile-load-error"
            title={t('profile.loadFailed')}
            reason={errorText(me.error)}
            error={me.error}
            onRetry={() => void me.refetch()}
          />
        ) : (
          // A new answer from the server (saved, or changed elsewhere) starts the form afresh.
          <ProfileForm key={`${me.data.name}|${me.data.email}|${me.data.emailVerified}`} me={me.data} />
        )}
      </section>
      <section className="stack" aria-labelledby="profile-more">
        <h2 id="profile-more" className="panel__title">
          {t('profile.moreTitle')}
        </h2>
        <AccountLinks />
      </section>
    </PageIntro>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateMe();
  const verify = useRequestEmailVerification();
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(me.name ?? '');
  const [email, setEmail] = useState(me.email ?? '');
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});
  const [failure, setFailure] = useState<unknown>(null);

  const trimmedEmail = email.trim();
  const nameChanged = name.trim() !== (me.name ?? '');
  const emailChanged = trimmedEmail !== (me.email ?? '');
  const dirty = nameChanged || emailChanged;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dirty || update.isPending) return;
    setFailure(null);
    const issues = [
      ...(nameChanged
        ? (nameSchema.safeParse(name).error?.issues ?? []).map((i) => ({ ...i, path: ['name'] }))
        : []),
      ...(emailChanged && trimmedEmail !== ''
        ? (emailSchema.safeParse(trimmedEmail).error?.issues ?? []).map((i) => ({ ...i, path: ['email'] }))
        : []),
    ];
    if (issues.length > 0) {
      const found = fieldErrorsFrom<ProfileField>(issues, t);
      setErrors(found);
      focusFirstError(found, FIELD_ORDER, form.current);
      return;
    }
    setErrors({});
    const patch: UpdateMeInput = {
      ...(nameChanged && { name: name.trim() }),
      ...(emailChanged && { email: trimmedEmail === '' ? null : trimmedEmail }),
    };
    try {
      await update.mutateAsync(patch);
      toast.success(t('profile.saved'), { id: 'profile-saved' });
    } catch (error) {
      const field = fieldOf(error) as ProfileField | undefined;
      if (field && FIELD_ORDER.includes(field)) {
        const found = { [field]: errorText(error) };
        setErrors(found);
        focusFirstError(found, FIELD_ORDER, form.current);
      } else {
        setFailure(error);
      }
    }
  };

  const sendLink = async () => {
    try {
      const { sentTo } = await verify.mutateAsync();
      toast.success(t('profile.linkSent', { email: sentTo }), { id: 'email-link-sent' });
    } catch (error) {
      toast.error(errorText(error), { id: 'email-link-failed' });
    }
  };

  const badge = me.email ? (
    me.emailVerified ? (
      <span className="badge badge--success" data-testid="email-verified">
        {t('profile.verified')}
      </span>
    ) : (
      <span className="badge badge--muted" data-testid="email-not-verified">
        {t('profile.notVerified')}
      </span>
    )
  ) : null;

  return (
    <form ref={form} className="form profile-form" noValidate onSubmit={onSubmit} data-testid="profile-form">
      {failure !== null && (
        <FormAlert>
          <p>{errorText(failure)}</p>
        </FormAlert>
      )}
      <Field label={t('profile.nameLabel')} error={errors.name}>
        {(ids) => (
          <input
            id={ids.input}
            name="name"
            className="input"
            autoComplete="name"
            autoCapitalize="words"
            maxLength={80}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-describedby={ids.describedBy}
            aria-invalid={errors.name ? true : undefined}
          />
        )}
      </Field>

      <div className="field">
        <span className="field__label">{t('profile.phoneLabel')}</span>
        <p className="profile-phone" data-testid="profile-phone">
          {me.phone ? displayPhone(me.phone) : '—'}
        </p>
        <p className="field__hint">{t('profile.phoneNote')}</p>
      </div>

      <Field
        label={t('profile.emailLabel')}
        optional
        error={errors.email}
        hint={
          <>
            {badge}{' '}
            {emailChanged && me.email && !me.emailVerified ? t('profile.saveFirst') : t('profile.emailHint')}
          </>
        }
      >
        {(ids) => (
          <input
            id={ids.input}
            name="email"
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={ids.describedBy}
            aria-invalid={errors.email ? true : undefined}
          />
        )}
      </Field>

      <div className="form__actions profile-actions">
        <SubmitButton pending={update.isPending} pendingLabel={t('profile.saving')} disabled={!dirty}>
          {t('profile.save')}
        </SubmitButton>
        {me.email && !me.emailVerified && (
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => void sendLink()}
            disabled={verify.isPending || emailChanged}
            aria-busy={verify.isPending || undefined}
            data-testid="verify-email"
          >
            {verify.isPending && <Spinner size={18} />}
            <span>{verify.isPending ? t('profile.sendingLink') : t('profile.verifyEmail')}</span>
          </button>
        )}
      </div>
    </form>
  );
}
