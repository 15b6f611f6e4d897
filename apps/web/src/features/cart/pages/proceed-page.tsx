import { ORDER_NOTES_MAX_CHARS } from '@petti/shared/constants';
import { ROUTES } from '@petti/shared/routes';
import { formatRupees } from '@petti/shared/rules/money';
import { useState } from 'react';
import { generatePath, Link, Navigate, useNavigate } from 'react-router';
import { useAddresses } from '../../../lib/addresses/addresses.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { startCheckout } from '../../../lib/checkout/checkout.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { useSeller } from '../../../lib/shop/shop-api.ts';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';
import { sellerOpenAt, sellerOpensText } from '../../../lib/shop/shop-open.ts';
import { localStore } from '../../../lib/storage.ts';
import { FormAlert } from '../../../lib/ui/form.tsx';
import { Spinner } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { TextAreaField } from '../../../lib/ui/text-area-field.tsx';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import '../../../lib/shop/shop.css';
import { cartStore } from '../../../lib/cart/cart.ts';
import { checkLinesOf } from '../../../lib/cart/cart-api.ts';
import { cartFingerprint } from '../../../lib/cart/cart-product.ts';
import { PriceSummary } from '../../../lib/cart/price-summary.tsx';
import { createOrder } from '../api/create-order.ts';
import { useParcelSites } from '../api/locker-sites.ts';
import { orderRequestOf } from '../api/quote-api.ts';
import { checkoutStore } from '../checkout.ts';
import { checkoutKeyFor, forgetCheckoutKey } from '../checkout-key.ts';
import { CartLines } from '../components/cart-lines.tsx';
import '../../../lib/cart/cart.css';
import '../cart.css';
import { useCheckoutQuote } from '../use-checkout-quote.ts';
import { usePriceUpdatedToast } from '../use-validate-before-pay.ts';

/**
 * /procced: the validated cart, where it goes, the all-in price, and Pay. The order is created with
 * an Idempotency-Key kept for this attempt (checkout-key.ts), then the payment provider's checkout
 * runs and comes back to the order's page.
 */
export default function ProceedPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const errorText = useErrorText();
  const { cart, choice, delivery, quote } = useCheckoutQuote();
  const seller = useSeller(cart.sellerId ?? undefined);
  // The shop's Tamil name in a Tamil sentence, once the shop is read; the cart's own name until then.
  const shopName = seller.data ? shopNameIn(seller.data, i18n.resolvedLanguage) : (cart.brandName ?? '');
  const request =
    cart.sellerId && cart.items.length > 0 && delivery
      ? orderRequestOf(cart, delivery, choice.whenShopOpens, choice.notes)
      : null;
  // A night order is said again where it is paid for: when the shop will take it.
  const forOpening =
    choice.whenShopOpens && seller.data && !sellerOpenAt(seller.data, new Date())
      ? sellerOpensText(seller.data, new Date(), i18n.resolvedLanguage === 'ta' ? 'ta' : 'en')
      : null;
  const addresses = useAddresses();
  const sites = useParcelSites(delivery?.deliveryType === 'locker');
  const priceUpdated = usePriceUpdatedToast();
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [placedOrder, setPlacedOrder] = useState<string | null>(null);

  // The order exists and the cart was cleared: the payment page is opening.
  if (placedOrder) {
    return (
      <PageIntro page="procced">
        <p className="status-line" role="status" data-testid="opening-payment">
          <Spinner size={20} />
          {t('cart.openingPayment')}
        </p>
      </PageIntro>
    );
  }

  // Nothing validated to pay for: back to the cart.
  if (!request || choice.myCartValidateCartDetails !== cartFingerprint(cart)) {
    return <Navigate to={ROUTES.myCart} replace />;
  }

  const where =
    delivery?.deliveryType === 'home' ? addresses.data?.find((a) => a.id === delivery.addressId) : undefined;
  const site =
    delivery?.deliveryType === 'locker' ? sites.data?.find((s) => s.id === delivery.siteId) : undefined;

  const pay = async () => {
    setProblem(null);
    if (!online) {
      setProblem(t('cart.offlinePay'));
      return;
    }
    const storage = localStore();
    const key = checkoutKeyFor(storage, request);
    setPaying(true);
    try {
      const order = await createOrder(request, key);
      // The order exists: the next checkout is a new attempt, and (docs/product.md#placing-an-order) it
      // clears the chosen addresses, the validated cart and the locker choice. The bought items
      // leave the delivery cart (they are reserved on the order now). Grab-and-go baskets are other
      // purchases, not paid for yet: they stay.
      setPlacedOrder(order.id);
      forgetCheckoutKey(storage);
      checkoutStore.clearAfterOrder();
      cartStore.clear();
      if (!order.payment) throw new Error('the order came without its payment');
      const orderPage = generatePath(ROUTES.myOrder, { id: order.id });
      // testpay leaves the page; Razorpay's modal answers here. Either way the order's page shows
      // the outcome and offers "Pay now" while the order waits for its payment.
      const result = await startCheckout(order.payment, {
        returnTo: orderPage,
        description: forOpening
          ? t('cart.paymentForOpening', { seller: cart.brandName, time: forOpening })
          : t('cart.paymentFor', { seller: cart.brandName }),
      }).catch(() => null);
      if (result?.status !== 'redirected') navigate(orderPage);
    } catch (error) {
      setPaying(false);
      if (isApiError(error)) {
        if (error.code === 'PaymentUpdatedException') {
          forgetCheckoutKey(storage);
          cartStore.applyValidation(checkLinesOf(error.details));
          priceUpdated();
          return;
        }
        if (error.code === 'ConditionalCheckFailedException') {
          setProblem(t('cart.tryAgain'));
          return;
        }
        // A refusal (not a lost answer) will never succeed with this key: the next try is new.
        if (!error.isNetworkError && error.status >= 400 && error.status < 500) forgetCheckoutKey(storage);
      }
      setProblem(errorText(error));
    }
  };

  return (
    <PageIntro page="procced">
      <section className="stack" aria-labelledby="proceed-items">
        <h2 id="proceed-items" className="panel__title">
          {t('cart.from', {
            seller: shopName,
          })}
        </h2>
        {forOpening && (
          <p className="note" data-testid="proceed-for-opening">
            {t('cart.forOpening', { time: forOpening, seller: shopName })}
          </p>
        )}
        <CartLines cart={cart} editable={false} />
      </section>
      <section className="panel stack" aria-labelledby="proceed-delivery" data-testid="proceed-delivery">
        <h2 id="proceed-delivery" className="panel__title">
          {t(`cart.delivery.${delivery!.deliveryType}`)}
        </h2>
        {where && (
          <p>
            <strong>{where.label}</strong>:{' '}
            {[where.line1, where.line2, where.landmark].filter(Boolean).join(', ')}
          </p>
        )}
        {site && <p>{localName(site.name, i18n.resolvedLanguage)}</p>}
        {delivery?.deliveryType === 'curbside' && (
          <p>
            {t('cart.delivery.vehicleNo')}: <strong>{delivery.vehicleNo}</strong>
            {delivery.alternatePickup && ` · ${t('cart.delivery.altName')}: ${delivery.alternatePickup.name}`}
          </p>
        )}
        <Link to={ROUTES.myCart} className="button button--ghost button--small">
          {t('cart.change')}
        </Link>
        <TextAreaField
          label={t('cart.notes.label')}
          hint={t('cart.notes.hint')}
          optional
          name="notes"
          className="textarea"
          rows={2}
          maxLength={ORDER_NOTES_MAX_CHARS}
          value={choice.notes}
          onChange={(e) => checkoutStore.update({ notes: e.target.value })}
          data-testid="order-notes"
        />
      </section>
      <section className="panel stack" aria-labelledby="proceed-price">
        <h2 id="proceed-price" className="panel__title">
          {t('cart.priceTitle')}
        </h2>
        {quote.isSuccess ? (
          <PriceSummary price={quote.data.price} testId="proceed-price" />
        ) : quote.isError ? (
          <FormAlert>
            <p>{errorText(quote.error)}</p>
          </FormAlert>
        ) : (
          <p className="status-line" role="status">
            <Spinner size={20} />
            {t('cart.pricing')}
          </p>
        )}
        <p className="muted">{t('cart.noCod')}</p>
      </section>
      {!online && (
        <p className="muted" data-testid="offline-pay-note">
          {t('cart.offlinePay')}
        </p>
      )}
      {problem && (
        <FormAlert testId="pay-problem">
          <p>{problem}</p>
        </FormAlert>
      )}
      <button
        type="button"
        className="button button--primary button--block"
        disabled={paying || (online && !quote.isSuccess)}
        aria-busy={paying || undefined}
        onClick={() => void pay()}
        data-testid="pay"
      >
        {paying && <Spinner size={18} />}
        <span>
          {quote.isSuccess
            ? t('cart.payAmount', { amount: formatRupees(quote.data.price.totalPaise) })
            : t('cart.pay')}
        </span>
      </button>
    </PageIntro>
  );
}
