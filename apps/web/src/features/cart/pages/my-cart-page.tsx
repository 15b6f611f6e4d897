import { ROUTES } from '@petti/shared/routes';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { knownShop } from '../../../lib/shop/known-shop.ts';
import { rupees } from '../../../lib/shop/price.tsx';
import { useSeller } from '../../../lib/shop/shop-api.ts';
import { ShopHours } from '../../../lib/shop/shop-hours.tsx';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';
import { sellerOpenAt, sellerOpensText } from '../../../lib/shop/shop-open.ts';
import { EmptyState } from '../../../lib/shop/skeletons.tsx';
import { localStore } from '../../../lib/storage.ts';
import { FormAlert } from '../../../lib/ui/form.tsx';
import { Spinner } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import '../../../lib/shop/shop.css';
import { cartStore } from '../../../lib/cart/cart.ts';
import { checkLinesOf } from '../../../lib/cart/cart-api.ts';
import { cartFingerprint, cartNameText, rupeesToPaise } from '../../../lib/cart/cart-product.ts';
import { PriceSummary } from '../../../lib/cart/price-summary.tsx';
import { checkoutStore } from '../checkout.ts';
import { missingForChoice } from '../checkout-store.ts';
import { CartLines } from '../components/cart-lines.tsx';
import { DeliveryChoice } from '../components/delivery-choice.tsx';
import '../../../lib/cart/cart.css';
import '../cart.css';
import { useCheckoutQuote } from '../use-checkout-quote.ts';
import { useValidateBeforePay } from '../use-validate-before-pay.ts';

const RANGE_CODES = new Set(['AddressLongDistance', 'LockerLongDistance']);

/**
 * /MyCart: the lines, savings, how to receive the order, the all-in price from the server's quote
 * (every fee itemised, nothing added later), then "Validate & pay".
 */
export default function MyCartPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const errorText = useErrorText();
  const { cart, choice, quoteRequest, quote } = useCheckoutQuote();
  const seller = useSeller(cart.sellerId ?? undefined);
  // The shop as last read on this phone until it is read again, so at night the page is drawn closed
  // from the start and nothing moves when the answer comes (known-shop.ts).
  const shop = seller.data ?? knownShop(localStore(), cart.sellerId);
  // The shop's Tamil name in a Tamil sentence, once the shop is known; the cart's own name until then.
  const shopName = shop ? shopNameIn(shop, i18n.resolvedLanguage) : (cart.brandName ?? '');
  const shopClosed = shop ? !sellerOpenAt(shop, new Date()) : false;
  const opensAt = shop ? sellerOpensText(shop, new Date(), i18n.resolvedLanguage === 'ta' ? 'ta' : 'en') : '';
  const validate = useValidateBeforePay();
  const [problem, setProblem] = useState<string | null>(null);

  if (cart.items.length === 0) {
    return (
      <PageIntro page="myCart">
        <EmptyState title={t('cart.empty')} body={t('cart.emptyBody')}>
          <Link to={ROUTES.myComplex} className="button button--primary" data-testid="start-shopping">
            {t('cart.startShopping')}
          </Link>
        </EmptyState>
      </PageIntro>
    );
  }

  const lineName = (vrntId: string) => {
    const line = cart.items.find((i) => i.product.vrntId === vrntId);
    return line ? cartNameText(line.product.name, i18n.resolvedLanguage) : vrntId;
  };
  const rangeError = quote.isError && isApiError(quote.error) && RANGE_CODES.has(quote.error.code);
  const lockerRefused = isApiError(quote.error) && quote.error.code === 'HazardousNotToLocker';
  // Closed and not ordered for opening: nothing to try again, only the choice above to make.
  const waitsForChoice = isApiError(quote.error) && quote.error.code === 'SellerClosed' && shopClosed;
  const missing = missingForChoice(choice);

  const onPay = async () => {
    setProblem(null);
    if (!online) {
      setProblem(t('cart.offlinePay'));
      return;
    }
    const outcome = await validate.run(cart, { whenShopOpens: choice.whenShopOpens && shopClosed });
    if (outcome === 'ok') {
      checkoutStore.update({ myCartValidateCartDetails: cartFingerprint(cartStore.getState().cart) });
      navigate(ROUTES.procced);
    }
  };

  return (
    <PageIntro page="myCart">
      <section className="stack" aria-labelledby="cart-from">
        <h2 id="cart-from" className="panel__title" data-testid="cart-seller">
          {t('cart.from', {
            seller: shopName,
          })}
        </h2>
        <ShopHours seller={shop ?? undefined} />
        {shop && shopClosed && (
          <FormAlert variant="info" testId="cart-shop-closed">
            <p>
              {t('cart.shopClosed', {
                shop: shopName,
                time: opensAt,
              })}
            </p>
            <label className="check-row order-when-open" data-testid="order-when-open">
              <input
                type="checkbox"
                checked={choice.whenShopOpens}
                onChange={(e) => checkoutStore.update({ whenShopOpens: e.target.checked })}
              />
              <span>{t('cart.orderWhenOpen', { time: opensAt })}</span>
            </label>
          </FormAlert>
        )}
        <CartLines cart={cart} />
        <p className="cart-totals" data-testid="cart-totals">
          <span>{t('cart.count', { count: cart.count })}</span>
          <strong>{rupees(rupeesToPaise(cart.total))}</strong>
        </p>
        {cart.savings > 0 && (
          <p className="price__save" data-testid="cart-savings">
            {t('cart.savings', { amount: rupees(rupeesToPaise(cart.savings)) })}
          </p>
        )}
      </section>

      <DeliveryChoice modes={shop?.modes ?? ['home', 'locker', 'curbside']} lockerRefused={lockerRefused} />

      <section className="panel stack" aria-labelledby="cart-price">
        <h2 id="cart-price" className="panel__title">
          {t('cart.priceTitle')}
        </h2>
        {!quoteRequest ? (
          <p className="muted" data-testid="price-pending">
            {t(`cart.missing.${missing[0] ?? 'type'}`)}
          </p>
        ) : quote.isPending ? (
          <p className="status-line" role="status">
            <Spinner size={20} />
            {t('cart.pricing')}
          </p>
        ) : waitsForChoice ? (
          <p className="note" data-testid="price-when-open">
            {t('cart.closedChoose', { time: opensAt })}
          </p>
        ) : quote.isError ? (
          <FormAlert testId={rangeError ? 'range-error' : 'quote-error'}>
            <p>{errorText(quote.error)}</p>
            {isApiError(quote.error) && quote.error.code === 'cartItemsError' && (
              // The cart-items error view (docs/product.md#placing-an-order): which lines need attention, and
              // why.
              <ul data-testid="cart-items-error">
                {checkLinesOf(quote.error.details)
                  .filter((line) => line.status === 'BAD')
                  .map((line) => (
                    <li key={line.vrntId}>
                      {lineName(line.vrntId)}:{' '}
                      {i18n.resolvedLanguage === 'ta' ? line.messages.ta : line.message}
                    </li>
                  ))}
              </ul>
            )}
            {!rangeError && (
              <p>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => void quote.refetch()}
                >
                  {t('errors.retry')}
                </button>
              </p>
            )}
          </FormAlert>
        ) : (
          <PriceSummary price={quote.data.price} />
        )}
        <p className="muted">{t('cart.noCod')}</p>
      </section>

      {!online && (
        <p className="muted" data-testid="offline-pay-note">
          {t('cart.offlinePay')}
        </p>
      )}
      {problem && online && (
        <FormAlert testId="pay-problem">
          <p>{problem}</p>
        </FormAlert>
      )}
      <button
        type="button"
        className="button button--primary button--block"
        disabled={(online && !quote.isSuccess) || validate.pending}
        aria-busy={validate.pending || undefined}
        onClick={() => void onPay()}
        data-testid="validate-and-pay"
      >
        {validate.pending && <Spinner size={18} />}
        <span>{t('cart.validateAndPay')}</span>
      </button>
    </PageIntro>
  );
}
