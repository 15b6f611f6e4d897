import { EVENTS } from '@petti/shared/events';
import { ROUTES } from '@petti/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePaymentReturn } from '../../../lib/checkout/checkout.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useLiveEvents } from '../../../lib/realtime/index.ts';
import { rupees } from '../../../lib/shop/price.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { CardSkeletons } from '../../../lib/shop/skeletons.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { QrImage } from '../components/qr-image.tsx';
import { usePurchase } from '../grab-api.ts';
import { grabCart } from '../grab-cart-store.ts';
import { useGrabCart } from '../use-grab-cart.ts';
import '../../../lib/ui/form.css';
import '../../../lib/shop/shop.css';
import '../grab.css';

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** /GrabPass/:id — where the checkout comes back to: the exit pass (QR and short code) once paid. */
export default function GrabPassPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { id } = useParams();
  const outcome = usePaymentReturn();
  const purchase = usePurchase(id);
  const queryClient = useQueryClient();
  const now = useNow(1000);
  const dates = useDateFormat();
  const p = purchase.data;

  // Paid on another device or by the provider's webhook, or checked at the door: read it again.
  useLiveEvents((e) => {
    if ((e.event === EVENTS.grabPurchasePaid || e.event === EVENTS.grabPassUsed) && e.data.id === id) {
      void queryClient.invalidateQueries({ queryKey: ['grab'] });
    }
  });
  // The confirmation lands after the page first asked: ask again once it has.
  useEffect(() => {
    if (outcome.state === 'paid') void queryClient.invalidateQueries({ queryKey: ['grab'] });
  }, [outcome.state, queryClient]);
  // Paid: that shop's basket leaves the cart (the other shops' stay), once the cart is read.
  const cart = useGrabCart();
  const opened = cart.userMobile !== '';
  useEffect(() => {
    if (opened && p && (p.state === 'paid' || p.state === 'exited')) grabCart.paid(p.sellerId);
  }, [p, opened]);

  if (purchase.isPending || outcome.state === 'confirming') {
    return (
      <PageIntro page="grabPass">
        <p role="status">{t('grab.pass.confirming')}</p>
        <CardSkeletons count={1} />
      </PageIntro>
    );
  }
  if (purchase.isError || !p) {
    return (
      <PageIntro page="grabPass">
        <LoadFailedAlert
          reason={errorText(purchase.error)}
          error={purchase.error}
          onRetry={() => void purchase.refetch()}
        />
      </PageIntro>
    );
  }
  const shop = localName(p.sellerName, i18n.resolvedLanguage);
  const back = `${ROUTES.grabAndGo}?shop=${encodeURIComponent(p.sellerId)}`;
  if (!p.pass) {
    const failed = outcome.state === 'failed' || outcome.state === 'cancelled' || outcome.state === 'error';
    return (
      <PageIntro page="grabPass">
        <div className={failed ? 'alert alert--error' : 'note'} role="status" data-testid="pass-unpaid">
          <p>
            {p.state === 'refunded'
              ? t('grab.pass.refunded')
              : failed
                ? t('grab.pass.failed')
                : t('grab.pass.unpaid')}
          </p>
        </div>
        <Link className="button button--primary" to={back}>
          {t('grab.backToShop', { shop })}
        </Link>
      </PageIntro>
    );
  }
  const expires = new Date(p.pass.expiresAt).getTime();
  const left = Math.max(0, expires - now);
  const used = p.pass.usedAt !== null;
  const expired = !used && left === 0;
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000)
    .toString()
    .padStart(2, '0');
  return (
    <article className="page grab-pass" data-testid="page-grabPass">
      <header className="page__header">
        <h1 className="item-title" data-testid="pass-shop">
          {t('grab.pass.title', { shop })}
        </h1>
        <p className="page__lead">{t('grab.pass.lead')}</p>
      </header>
      <div className={`grab-pass__card${used || expired ? ' grab-pass__card--done' : ''}`}>
        <QrImage text={p.pass.token} label={t('grab.pass.qrLabel', { code: p.pass.code })} />
        <p className="grab-pass__code" data-testid="pass-code">
          {p.pass.code}
        </p>
        {p.paidAt && (
          <p className="muted" data-testid="pass-paid-at">
            {t('grab.pass.paidAt', { time: dates.timeOrDateTime(p.paidAt, now) })}
          </p>
        )}
        <p className="grab-pass__status" role="status" data-testid="pass-status">
          {used
            ? t('grab.pass.used')
            : expired
              ? t('grab.pass.expired')
              : t('grab.pass.validFor', { time: `${minutes}:${seconds}` })}
        </p>
      </div>
      <section className="panel" aria-labelledby="pass-items">
        <h2 id="pass-items" className="panel__title">
          {t('grab.pass.items', { total: rupees(p.totalPaise) })}
        </h2>
        <ul className="grab-lines">
          {p.items.map((i) => (
            <li key={i.vrntId} className="grab-line">
              <span className="grab-line__name">{localName(i.name, i18n.resolvedLanguage)}</span>
              <span>× {i.quantity}</span>
            </li>
          ))}
        </ul>
      </section>
      <Link className="button button--secondary" to={ROUTES.grabAndGo}>
        {t('grab.pass.done')}
      </Link>
    </article>
  );
}
