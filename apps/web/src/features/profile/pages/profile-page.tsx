import { ROUTES } from '@petti/shared/routes';
import { displayPhone } from '@petti/shared/rules/phone';
import { Link } from 'react-router';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { AccountLinks } from '../components/account-links.tsx';
import '../profile.css';

/**
 * The marketplace's profile screen on phones (`/profile`, docs/product.md#routes): who is signed in,
 * then every account page — orders and addresses first, as the marketplace needs them most.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <PageIntro page="profile">
      <Link to={ROUTES.myProfile} className="profile-summary" data-testid="profile-summary">
        <span className="profile-summary__avatar" aria-hidden="true">
          {(me.data?.name ?? '?').trim().charAt(0).toUpperCase() || '?'}
        </span>
        <span>
          <strong>{me.data?.name ?? (me.isPending ? t('loading.label') : '')}</strong>
          <br />
          <span className="link-list__hint">{me.data?.phone ? displayPhone(me.data.phone) : ''}</span>
        </span>
      </Link>
      <AccountLinks />
      <nav aria-label={t('nav.becomeSeller')}>
        <ul className="link-list">
          <li>
            <Link to={ROUTES.myCart} className="link-list__item">
              <span className="link-list__title">{t('pages.myCart.title')}</span>
              <span className="link-list__hint">{t('pages.myCart.description')}</span>
            </Link>
          </li>
          <li>
            <Link to={ROUTES.sellerLandingPage} className="link-list__item">
              <span className="link-list__title">{t('nav.sellWithPetti')}</span>
              <span className="link-list__hint">{t('pages.sellerLandingPage.description')}</span>
            </Link>
          </li>
        </ul>
      </nav>
    </PageIntro>
  );
}
