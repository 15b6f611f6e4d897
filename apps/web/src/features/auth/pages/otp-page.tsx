import { ROUTES } from '@petti/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageIntro } from '../../../lib/ui/page.tsx';

export default function OtpPage() {
  const { t } = useTranslation();
  return (
    <PageIntro page="otp">
      <p className="page__aside">
        <Link to={ROUTES.login}>{t('auth.backToSignIn')}</Link>
      </p>
    </PageIntro>
  );
}
