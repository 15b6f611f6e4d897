import { ROUTES } from '@petti/shared/routes';
import type { Cart } from '@petti/shared/rules/cart';
import { generatePath, Link } from 'react-router';
import { cartNameText, rupeesToPaise } from '../../../lib/cart/cart-product.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { rupees } from '../../../lib/shop/price.tsx';
import { ProductArt } from '../../../lib/shop/product-art.tsx';
import { unitLabel } from '../../../lib/shop/product-text.ts';
import { CartLineQuantity } from './cart-line-quantity.tsx';

/** The cart's lines: what, how much each, how many (typed, or one at a time), Remove, the line total and saving. */
export function CartLines({ cart, editable = true }: { cart: Cart; editable?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="cart-lines" data-testid="cart-lines">
      {cart.items.map(({ product, quantity }) => {
        const name = cartNameText(product.name, i18n.resolvedLanguage);
        const price = rupeesToPaise(product.productPrice);
        const lineSave = Math.max(0, rupeesToPaise(product.marketPrice) - price) * quantity;
        return (
          <li key={product.vrntId} className="cart-line" data-testid={`line-${product.vrntId}`}>
            <ProductArt id={product.prdtId} image={product.image_url} label={name} size="sm" />
            <div className="cart-line__body">
              <Link
                to={generatePath(ROUTES.productDetails, { id: product.prdtId })}
                className="cart-line__name"
              >
                {name}
              </Link>
              <span className="muted">
                {unitLabel(product.unitValue, product.unit)} · {rupees(price)}
              </span>
              {lineSave > 0 && (
                <span className="price__save">{t('shop.youSave', { amount: rupees(lineSave) })}</span>
              )}
            </div>
            <div className="cart-line__end">
              <strong>{rupees(price * quantity)}</strong>
              {editable ? (
                <CartLineQuantity product={product} brandName={cart.brandName ?? ''} label={name} />
              ) : (
                <span className="muted">× {quantity}</span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
