import { ROUTES } from '@petti/shared/routes';
import { photoSrcSet } from '@petti/shared/schemas/photo';
import { type ReactNode, useState } from 'react';
import { generatePath, Link } from 'react-router';
import { cartProductOf } from '../cart/cart-product.ts';
import { CartStepper } from '../cart/cart-stepper.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { Price } from './price.tsx';
import { ProductArt } from './product-art.tsx';
import { localName, unitLabel } from './product-text.ts';
import type { Product } from './types.ts';

/** A product in a list: picture, name, pack size (a choice when there are several), price, stepper. */
export function ProductCard({
  product,
  brandName,
  shop,
}: {
  product: Product;
  brandName: string;
  /** Which shop sells it, where products of many shops are listed together. */
  shop?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [variantId, setVariantId] = useState(product.variants[0]?.vrntId);
  const variant = product.variants.find((v) => v.vrntId === variantId) ?? product.variants[0];
  const name = localName(product.name, i18n.resolvedLanguage);
  if (!variant) return null;
  const soldOut = !variant.alwaysInventory && variant.inventory <= 0;
  const cartProduct = cartProductOf(product, variant);
  return (
    <li className="product-card" data-testid={`product-${product.prdtId}`}>
      <Link to={generatePath(ROUTES.productDetails, { id: product.prdtId })} className="product-card__link">
        <ProductArt
          id={product.prdtId}
          image={product.image_url}
          srcSet={product.photo ? photoSrcSet(product.photo) : undefined}
          sizes="(max-width: 600px) 50vw, 200px"
          label={name}
        />
        <span className="product-card__name">{name}</span>
      </Link>
      {shop}
      {product.hazardous && <span className="badge badge--warn">{t('shop.hazardousShort')}</span>}
      {product.variants.length > 1 ? (
        <select
          className="input input--compact"
          aria-label={t('shop.variantsLabel')}
          value={variant.vrntId}
          onChange={(e) => setVariantId(e.target.value)}
        >
          {product.variants.map((v) => (
            <option key={v.vrntId} value={v.vrntId}>
              {unitLabel(v.unitValue, v.unit)}
            </option>
          ))}
        </select>
      ) : (
        <span className="product-card__unit">{unitLabel(variant.unitValue, variant.unit)}</span>
      )}
      <Price pricePaise={variant.pricePaise} mrpPaise={variant.mrpPaise} />
      {soldOut ? (
        <span className="product-card__soldout">{t('shop.outOfStock')}</span>
      ) : (
        <CartStepper product={cartProduct} brandName={brandName} label={name} />
      )}
    </li>
  );
}
