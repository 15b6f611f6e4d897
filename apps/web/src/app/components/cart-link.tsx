import { ROUTES } from '@petti/shared/routes';
import { Link } from 'react-router';
import { useCart } from '../../lib/cart/use-cart.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { CartIcon } from '../../lib/ui/icons.tsx';

/** The app bar's cart, with how many units are in it: on Home as in the shop. */
export function CartLink() {
  const { t } = useTranslation();
  const count = useCart().count;
  const label = count > 0 ? t('nav.cartCount', { count }) : t('nav.cart');
  return (
    <Link to={ROUTES.myCart} className="icon-button" aria-label={label} data-testid="cart-link">
      <CartIcon />
      {count > 0 && (
        <span className="count-badge" data-testid="cart-badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
