import { ROUTES } from '@petti/shared/routes';
import { Link, useParams, useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { OfflineNote } from '../../../lib/shop/offline-note.tsx';
import { Price } from '../../../lib/shop/price.tsx';
import { ProductArt } from '../../../lib/shop/product-art.tsx';
import { localName, unitLabel } from '../../../lib/shop/product-text.ts';
import { useProduct, useSeller } from '../../../lib/shop/shop-api.ts';
import { CardSkeletons } from '../../../lib/shop/skeletons.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { GrabStepper } from '../components/grab-stepper.tsx';
import { grabProductOf, grabSellerOf } from '../grab-product.ts';
import { useGrabQuantity } from '../use-grab-cart.ts';
import '../../../lib/shop/shop.css';
import '../../../lib/ui/form.css';
import '../grab.css';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';

/** /GrabProductDetails/:id?v=<variant> — price, MRP, saving, stock and the grab basket stepper. */
export default function GrabProductDetailsPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const product = useProduct(id);
  const seller = useSeller(product.data?.sellerId);
  const p = product.data;
  const variant = p?.variants.find((v) => v.vrntId === params.get('v')) ?? p?.variants[0];
  const qty = useGrabQuantity(p?.sellerId ?? '', variant?.vrntId ?? '');

  if (product.isPending) {
    return (
      <PageIntro page="grabProductDetails">
        <CardSkeletons count={2} />
      </PageIntro>
    );
  }
  if (product.isError || !p || !variant) {
    return (
      <PageIntro page="grabProductDetails">
        <LoadFailedAlert
          reason={errorText(product.error)}
          error={product.error}
          onRetry={() => void product.refetch()}
        />
      </PageIntro>
    );
  }
  const name = localName(p.name, i18n.resolvedLanguage);
  const shop = shopNameIn(
    { brandName: seller.data?.brandName ?? p.brandName, brandNameTa: seller.data?.brandNameTa },
    i18n.resolvedLanguage,
  );
  const soldOut = !variant.alwaysInventory && variant.inventory <= 0;
  return (
    <article className="page" data-testid="page-grabProductDetails">
      <p>
        <Link to={`${ROUTES.grabAndGo}?shop=${encodeURIComponent(p.sellerId)}`} data-testid="back-to-shop">
          {t('grab.backToShop', { shop })}
        </Link>
      </p>
      <OfflineNote />
      <div className="product-detail" data-testid={`grab-product-${p.prdtId}`}>
        <ProductArt id={p.prdtId} image={p.image_url} label={name} size="lg" />
        <div className="stack">
          <h1 className="item-title" data-testid="product-name">
            {name}
          </h1>
          {p.variants.length > 1 && (
            <fieldset className="variant-choices">
              <legend className="field__label">{t('shop.variantsLabel')}</legend>
              {p.variants.map((v) => (
                <label key={v.vrntId} className="choice">
                  <input
                    type="radio"
                    name="variant"
                    checked={v.vrntId === variant.vrntId}
                    onChange={() => setParams({ v: v.vrntId }, { replace: true })}
                  />
                  {unitLabel(v.unitValue, v.unit)}
                </label>
              ))}
            </fieldset>
          )}
          {p.variants.length === 1 && <p className="muted">{unitLabel(variant.unitValue, variant.unit)}</p>}
          <Price pricePaise={variant.pricePaise} mrpPaise={variant.mrpPaise} />
          <p className="muted" data-testid="grab-stock">
            {variant.alwaysInventory
              ? t('grab.alwaysStock')
              : soldOut
                ? t('shop.outOfStock')
                : t('grab.stock', { count: variant.inventory })}
          </p>
          {!soldOut && (
            <GrabStepper
              seller={grabSellerOf(p, seller.data)}
              product={grabProductOf(p, variant)}
              label={name}
            />
          )}
          {variant.barcode && <p className="muted">{t('grab.barcode', { code: variant.barcode })}</p>}
          {qty > 0 && (
            <Link
              to={`${ROUTES.grabAndGo}?shop=${encodeURIComponent(p.sellerId)}`}
              className="button button--secondary"
              data-testid="to-basket"
            >
              {t('grab.toBasket')}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
