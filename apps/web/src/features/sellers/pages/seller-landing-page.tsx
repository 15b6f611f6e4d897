import { ROUTES } from '@petti/shared/routes';
import type { Seller } from '@petti/shared/schemas/catalog';
import { Link } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ProductArt } from '../../../lib/shop/product-art.tsx';
import { useCategories } from '../../../lib/shop/shop-api.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { Spinner } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { usePublicSellers } from '../api/public-sellers.ts';
import { ShopIllustration } from '../components/shop-illustration.tsx';
import { localName } from '../seller-text.ts';
import '../sellers.css';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';

const BENEFITS = ['home', 'locker', 'curbside', 'grab'] as const;

function rangeOf(seller: Seller): number {
  return seller.sellerRange.dis;
}

/** /sellerLandingPage (public): why sell with Petti, and the partner shops already on it. */
export default function SellerLandingPage() {
  const { t, i18n } = useTranslation();
  const sellers = usePublicSellers();
  const categories = useCategories();
  const errorText = useErrorText();
  const language = i18n.resolvedLanguage ?? 'en';
  const categoryName = (id: string) =>
    localName(categories.data?.find((c) => c.id === id)?.name, language) || id;

  return (
    <PageIntro page="sellerLandingPage">
      <section className="seller-hero" aria-labelledby="seller-hero-title">
        <h2 id="seller-hero-title" className="seller-hero__title">
          {t('sellers.heroTitle')}
        </h2>
        <p>{t('sellers.heroBody')}</p>
        <div className="seller-hero__art" aria-hidden="true">
          {['a', 'bb', 'ccc', 'dddd'].map((seed) => (
            <ShopIllustration key={seed} id={seed} label="" size={72} />
          ))}
        </div>
        <p>
          <Link to={ROUTES.becomeSeller} className="button button--primary" data-testid="apply-to-sell">
            {t('sellers.apply')}
          </Link>
        </p>
      </section>

      <section className="seller-section" aria-labelledby="seller-benefits">
        <h2 id="seller-benefits" className="panel__title">
          {t('sellers.benefitsTitle')}
        </h2>
        <ul className="seller-benefits">
          {BENEFITS.map((mode) => (
            <li key={mode} className="seller-benefit">
              <strong>{t(`sellers.benefits.${mode}.title`)}</strong>
              <span>{t(`sellers.benefits.${mode}.body`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="seller-section" aria-labelledby="seller-partners">
        <h2 id="seller-partners" className="panel__title">
          {t('sellers.partnersTitle')}
        </h2>
        {sellers.isPending ? (
          <p className="status-line" role="status">
            <Spinner size={20} />
            {t('sellers.partnersLoading')}
          </p>
        ) : sellers.isError ? (
          <LoadFailedAlert
            title={t('sellers.partnersFailed')}
            reason={errorText(sellers.error)}
            error={sellers.error}
            onRetry={() => void sellers.refetch()}
          />
        ) : sellers.data.length === 0 ? (
          <p>{t('sellers.partnersEmpty')}</p>
        ) : (
          <ul className="seller-partners" data-testid="partner-shops">
            {sellers.data.map((seller) => {
              const name = shopNameIn(seller, language);
              const range = rangeOf(seller);
              const { open, close } = seller.hours;
              return (
                <li key={seller.id} className="seller-partner">
                  <ProductArt id={seller.id} image={seller.image_url} label={name} size="sm" />
                  <div>
                    <p className="seller-partner__name">{name}</p>
                    <p className="seller-partner__meta">{categoryName(seller.categoryId)}</p>
                    <p className="seller-partner__meta">{seller.address}</p>
                    <p className="seller-partner__meta">{t('sellers.rangeKm', { km: range })}</p>
                    <p className="seller-partner__meta">{t('sellers.hours', { open, close })}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </PageIntro>
  );
}
