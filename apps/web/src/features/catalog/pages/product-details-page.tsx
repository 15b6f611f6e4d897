import { TOPICS } from '@petti/shared/events';
import { ROUTES } from '@petti/shared/routes';
import { photoSrcSet } from '@petti/shared/schemas/photo';
import { useState } from 'react';
import { generatePath, Link, useParams } from 'react-router';
import { cartProductOf } from '../../../lib/cart/cart-product.ts';
import { CartStepper } from '../../../lib/cart/cart-stepper.tsx';
import { useQuantityInCart } from '../../../lib/cart/use-cart.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useLiveTopic } from '../../../lib/realtime/index.ts';
import { Price, rupees } from '../../../lib/shop/price.tsx';
import { ProductArt } from '../../../lib/shop/product-art.tsx';
import { localName, unitLabel } from '../../../lib/shop/product-text.ts';
import { useProduct, useSeller } from '../../../lib/shop/shop-api.ts';
import { ShopHours } from '../../../lib/shop/shop-hours.tsx';
import { CardSkeletons } from '../../../lib/shop/skeletons.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import '../../../lib/shop/shop.css';
import { OfflineNote } from '../../../lib/shop/offline-note.tsx';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';

/** /productDetails/:id — pack sizes, price against MRP, savings, stock, add/remove, hazard note. */
export default function ProductDetailsPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { id } = useParams();
  const product = useProduct(id);
  const seller = useSeller(product.data?.sellerId);
  // A price or stock the shop changes reaches this page while it is open (lib/realtime/live-updates.tsx).
  useLiveTopic(product.data ? TOPICS.shopProducts(product.data.sellerId) : null);
  const [chosen, setChosen] = useState<string | null>(null);
  const language = i18n.resolvedLanguage;

  const p = product.data;
  const variant = p?.variants.find((v) => v.vrntId === chosen) ?? p?.variants[0];
  const inCart = useQuantityInCart(variant?.vrntId ?? '');

  if (product.isPending) {
    return (
      <PageIntro page="productDetails">
        <CardSkeletons count={2} />
      </PageIntro>
    );
  }
  if (product.isError || !p || !variant) {
    return (
      <PageIntro page="productDetails">
        <LoadFailedAlert
          reason={errorText(product.error)}
          error={product.error}
          onRetry={() => void product.refetch()}
        />
      </PageIntro>
    );
  }

  const name = localName(p.name, language);
  const brandName = seller.data?.brandName ?? p.brandName ?? '';
  const shopName = shopNameIn({ brandName, brandNameTa: seller.data?.brandNameTa }, language);
  const soldOut = !variant.alwaysInventory && variant.inventory <= 0;
  const saves = variant.mrpPaise - variant.pricePaise;

  return (
    <PageIntro page="productDetails">
      <OfflineNote />
      <div className="product-detail" data-testid={`product-detail-${p.prdtId}`}>
        <ProductArt
          id={p.prdtId}
          image={p.image_url}
          srcSet={p.photo ? photoSrcSet(p.photo) : undefined}
          sizes="(max-width: 600px) 100vw, 480px"
          label={name}
          size="lg"
        />
        <div className="stack">
          <h2 className="item-title" data-testid="product-name">
            {name}
          </h2>
          {shopName && (
            <p className="muted">
              <Link to={generatePath(ROUTES.search, { id: p.sellerId })}>
                {t('shop.soldBy', { seller: shopName })}
              </Link>
            </p>
          )}
          <ShopHours seller={seller.data} />
          {p.variants.length > 1 && (
            <fieldset className="variant-choices">
              <legend className="field__label">{t('shop.variantsLabel')}</legend>
              {p.variants.map((v) => (
                <label key={v.vrntId} className="choice" data-testid={`variant-${v.vrntId}`}>
                  <input
                    type="radio"
                    name="variant"
                    value={v.vrntId}
                    checked={v.vrntId === variant.vrntId}
                    onChange={() => setChosen(v.vrntId)}
                  />
                  {unitLabel(v.unitValue, v.unit)}
                </label>
              ))}
            </fieldset>
          )}
          {p.variants.length === 1 && <p className="muted">{unitLabel(variant.unitValue, variant.unit)}</p>}
          <Price pricePaise={variant.pricePaise} mrpPaise={variant.mrpPaise} />
          {saves > 0 && inCart > 0 && (
            <p className="price__save" data-testid="product-savings">
              {t('shop.youSave', { amount: rupees(saves * inCart) })}
            </p>
          )}
          {soldOut ? (
            <p className="product-card__soldout">{t('shop.outOfStock')}</p>
          ) : (
            <>
              {!variant.alwaysInventory && variant.inventory <= 5 && (
                <p className="muted">{t('shop.onlyLeft', { count: variant.inventory })}</p>
              )}
              <CartStepper product={cartProductOf(p, variant)} brandName={brandName} label={name} />
            </>
          )}
          {p.hazardous && (
            <p className="note" data-testid="hazard-note">
              {t('shop.hazardous')}
            </p>
          )}
          {p.description && (
            <section className="stack" aria-labelledby="product-about">
              <h3 id="product-about" className="panel__title">
                {t('shop.description')}
              </h3>
              <p data-testid="product-description">{localName(p.description, language)}</p>
            </section>
          )}
          {inCart > 0 && (
            <Link to={ROUTES.myCart} className="button button--secondary" data-testid="go-to-cart">
              {t('shop.goToCart')}
            </Link>
          )}
        </div>
      </div>
    </PageIntro>
  );
}
