import { ROUTES } from '@petti/shared/routes';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { FormAlert } from '../../../lib/ui/form.tsx';
import { readAuthState } from '../auth-state.ts';

/** What /otp shows when this tab has no code challenge: why, and the way back to /login. */
export function OtpLostChallenge() {
  const { t } = useTranslation();
  const location = useLocation();
  const nav = readAuthState(location.state);
  return (
    <div className="stack" data-testid="otp-lost">
      <FormAlert variant="info">
        <p>
          <strong>{t('otp.lostTitle')}</strong>
        </p>
        <p>{t('errorCodes.SignInException')}</p>
      </FormAlert>
      <Link className="button button--primary button--block" to={ROUTES.login} state={nav} replace>
        {t('otp.lostAction')}
      </Link>
    </div>
  );
}
