import { ROUTES } from '@petti/shared/routes';
import { type ReactNode, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { subscribeSession } from '../../../lib/auth-storage.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { canEnter } from '../../../lib/sign-in-guard.ts';
import { localStore } from '../../../lib/storage.ts';
import { FormAlert } from '../../../lib/ui/form.tsx';
import { Spinner } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { useVerifyEmail } from '../api/verify-email.ts';
import '../auth.css';

/** /emailVerification/:id? — opens the link from the email: verified, invalid or expired, or incomplete. */
export default function EmailVerificationPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const errorText = useErrorText();
  const verification = useVerifyEmail(id);
  const signedIn = useSyncExternalStore(
    subscribeSession,
    () => canEnter(localStore()),
    // Drawn at build time as a signed-in screen (src/app/first-screen-markup.tsx): the stored session decides there too.
    () => canEnter(localStore()),
  );
  const next = signedIn ? (
    <Link className="button button--primary" to={ROUTES.myProfile}>
      {t('emailVerification.toProfile')}
    </Link>
  ) : (
    <Link className="button button--primary" to={ROUTES.login} state={{ from: ROUTES.myProfile }}>
      {t('auth.signIn')}
    </Link>
  );

  let body: ReactNode;
  if (!id) {
    body = (
      <div className="status-panel" data-testid="email-verification-missing">
        <h2 className="status-panel__title">{t('emailVerification.missingTitle')}</h2>
        <p>{t('emailVerification.missing')}</p>
        {next}
      </div>
    );
  } else if (verification.isPending) {
    body = (
      <p className="status-line" role="status">
        <Spinner size={20} />
        {t('emailVerification.checking')}
      </p>
    );
  } else if (verification.isSuccess) {
    body = (
      <div className="status-panel" data-testid="email-verification-success">
        <h2 className="status-panel__title">{t('emailVerification.successTitle')}</h2>
        <p>{t('emailVerification.success', { email: verification.data.email })}</p>
        {next}
      </div>
    );
  } else {
    const failure = verification.error;
    const canRetry = isApiError(failure) && failure.status === 0;
    body = (
      <div className="status-panel" data-testid="email-verification-failed">
        <h2 className="status-panel__title">{t('emailVerification.invalidTitle')}</h2>
        <FormAlert>
          <p>
            {/* A token cut short or altered on the way: say so, not the form rule it broke. */}
            {isApiError(failure) && failure.code === 'Validation'
              ? t('emailVerification.linkDamaged')
              : errorText(failure)}
          </p>
          {!canRetry && <p>{t('emailVerification.newLinkHint')}</p>}
        </FormAlert>
        {canRetry ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void verification.refetch()}
          >
            {t('errors.retry')}
          </button>
        ) : (
          next
        )}
      </div>
    );
  }

  return <PageIntro page="emailVerification">{body}</PageIntro>;
}
