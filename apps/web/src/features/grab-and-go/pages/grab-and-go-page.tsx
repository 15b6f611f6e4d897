import { ROUTES } from '@petti/shared/routes';
import { grabGroup } from '@petti/shared/rules/grab-cart';
import { searchByProductName } from '@petti/shared/rules/product-search';
import type { Product, Seller } from '@petti/shared/schemas/catalog';
import { useEffect, useState } from 'react';
import { generatePath, Link, useNavigate, useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Scanner } from '../../../lib/scan/scanner.tsx';
import { OfflineNote } from '../../../lib/shop/offline-note.tsx';
import { Price } from '../../../lib/shop/price.tsx';
import { ProductArt } from '../../../lib/shop/product-art.tsx';
import { localName, unitLabel } from '../../../lib/shop/product-text.ts';
import { getProducts, useProducts, useSellers } from '../../../lib/shop/shop-api.ts';
import { CardSkeletons } from '../../../lib/shop/skeletons.tsx';
import { useShopLocation } from '../../../lib/shop/use-shop-location.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { Basket } from '../components/basket.tsx';
import { GrabStepper } from '../components/grab-stepper.tsx';
import { useGrabAndGoItems, usePurchases } from '../grab-api.ts';
import { grabProductOf, grabSellerOf, shopFromEntranceCode } from '../grab-product.ts';
import { rememberShelf, shelfOf } from '../shelf.ts';
import { useGrabCart } from '../use-grab-cart.ts';
import { usePayBasket } from '../use-pay-basket.ts';
import '../../../lib/shop/shop.css';
import '../../../lib/ui/form.css';
import { sellerOpensText } from '../../../lib/shop/shop-open.ts';
import '../grab.css';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';

/** /Grab&Go — choose (or scan) the shop you are in; inside it, scan or search, fill a basket, pay. */
export default function GrabAndGoPage() {
  const [params, setParams] = useSearchParams();
  const shopId = params.get('shop');
  return shopId ? (
    <InShop sellerId={shopId} onLeave={() => setParams({})} />
  ) : (
    <ChooseShop onChoose={(id) => setParams({ shop: id })} />
  );
}

function shopName(s: Pick<Seller, 'brandName' | 'brandNameTa'>, language: string | undefined) {
  return shopNameIn(s, language);
}

function ChooseShop({ onChoose }: { onChoose(id: string): void }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { point } = useShopLocation();
  const sellers = useSellers({ mode: 'grab', lat: point.lat, lng: point.lng });
  const cart = useGrabCart();
  const payer = usePayBasket();
  const [scanning, setScanning] = useState(false);
  const [scanProblem, setScanProblem] = useState<string | null>(null);
  // Open shops first; the server already answers nearest first within each.
  const shops = [...(sellers.data ?? [])].sort((a, b) => Number(b.openNow) - Number(a.openNow));

  return (
    <PageIntro page="grabAndGo">
      <OfflineNote />
      <PassesAndPast />
      {cart.carts.length > 0 && (
        <section className="stack" aria-labelledby="grab-baskets">
          <h2 id="grab-baskets" className="section-title">
            {t('grab.baskets')}
          </h2>
          {cart.carts.map((g) => (
            <Basket key={g.sellerId} group={g} payer={payer} showShop />
          ))}
        </section>
      )}
      <section className="stack" aria-labelledby="grab-shops">
        <h2 id="grab-shops" className="section-title">
          {t('grab.chooseShop')}
        </h2>
        {scanning ? (
          <Scanner
            kind="qr"
            onClose={() => setScanning(false)}
            onCode={(code) => {
              setScanning(false);
              const id = shopFromEntranceCode(code);
              if (id) onChoose(id);
              else setScanProblem(t('grab.scan.notShopCode'));
            }}
          />
        ) : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setScanProblem(null);
              setScanning(true);
            }}
            data-testid="scan-shop"
          >
            {t('grab.scanShop')}
          </button>
        )}
        {scanProblem && (
          <p className="alert alert--error" role="alert">
            {scanProblem}
          </p>
        )}
        {sellers.isPending && <CardSkeletons count={3} />}
        {sellers.isError && (
          <LoadFailedAlert
            reason={errorText(sellers.error)}
            error={sellers.error}
            onRetry={() => void sellers.refetch()}
          />
        )}
        {sellers.isSuccess && shops.length === 0 && <p className="muted">{t('grab.noShops')}</p>}
        <ul className="grab-shops">
          {shops.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className="grab-shop"
                onClick={() => onChoose(s.id)}
                data-testid={`grab-shop-${s.id}`}
              >
                <span className="grab-shop__name">{shopName(s, i18n.resolvedLanguage)}</span>
                <span className={s.openNow ? 'badge badge--ok' : 'badge'}>
                  {s.openNow
                    ? t('grab.openNow')
                    : t('grab.closedOpensAt', {
                        time: sellerOpensText(s, new Date(), i18n.resolvedLanguage === 'ta' ? 'ta' : 'en'),
                      })}
                </span>
                <span className="muted">
                  {s.distanceM != null
                    ? t('grab.distance', { km: (s.distanceM / 1000).toFixed(1) })
                    : s.address}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </PageIntro>
  );
}

/** Exit passes still good for the door, and what was bought before (buy again). */
function PassesAndPast() {
  const { t, i18n } = useTranslation();
  const purchases = usePurchases();
  const items = useGrabAndGoItems();
  const now = Date.now();
  const live = (purchases.data ?? []).filter(
    (p) => p.state === 'paid' && p.pass && new Date(p.pass.expiresAt).getTime() > now,
  );
  return (
    <>
      {live.length > 0 && (
        <section className="stack" aria-labelledby="grab-passes">
          <h2 id="grab-passes" className="section-title">
            {t('grab.passes')}
          </h2>
          <ul className="grab-shops">
            {live.map((p) => (
              <li key={p.id}>
                <Link
                  className="grab-shop"
                  to={generatePath(ROUTES.grabPass, { id: p.id })}
                  data-testid={`pass-link-${p.id}`}
                >
                  <span className="grab-shop__name">{localName(p.sellerName, i18n.resolvedLanguage)}</span>
                  <span className="badge badge--ok">{p.pass!.code}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(items.data?.length ?? 0) > 0 && (
        <details className="panel" data-testid="grab-past">
          <summary className="panel__title">{t('grab.past.title')}</summary>
          <ul className="grab-lines">
            {items.data!.map((i) => (
              <li key={i.vrntId} className="grab-line">
                <span className="grab-line__name">
                  {localName(i.productName, i18n.resolvedLanguage)}
                  <span className="muted">
                    {' '}
                    ·{' '}
                    {t('grab.past.bought', {
                      count: i.quantity,
                      shop: localName(i.sellerName, i18n.resolvedLanguage),
                    })}
                  </span>
                </span>
                <Link
                  className="button button--secondary button--small"
                  to={`${generatePath(ROUTES.grabProductDetails, { id: i.productId })}?v=${encodeURIComponent(i.vrntId)}`}
                >
                  {t('grab.past.again')}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function InShop({ sellerId, onLeave }: { sellerId: string; onLeave(): void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const online = useOnlineStatus();
  const { point } = useShopLocation();
  const sellers = useSellers({ mode: 'grab', lat: point.lat, lng: point.lng });
  const seller = sellers.data?.find((s) => s.id === sellerId);
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState('');
  const [scanning, setScanning] = useState(false);
  const [lookup, setLookup] = useState<{ busy: boolean; problem: string | null }>({
    busy: false,
    problem: null,
  });
  const products = useProducts({ sellerId, q: query.trim() || undefined }, online);
  const cart = useGrabCart();
  const payer = usePayBasket();
  const group = grabGroup(cart, sellerId);

  useEffect(() => {
    if (products.data) rememberShelf(sellerId, products.data.products);
  }, [products.data, sellerId]);
  // Offline, the shop's products seen before stay searchable on the phone (the same match as the server).
  const shown: Product[] =
    online && products.data
      ? products.data.products
      : searchByProductName(shelfOf(sellerId), query, (p) => p.name);

  async function findByCode(code: string) {
    setLookup({ busy: true, problem: null });
    try {
      const page = await getProducts({ sellerId, barcode: code });
      const product = page.products[0];
      const variant = product?.variants.find((v) => v.barcode === code.replace(/[\s-]/g, ''));
      if (!product || !variant) {
        setLookup({ busy: false, problem: t('grab.scan.notFound', { code }) });
        return;
      }
      setLookup({ busy: false, problem: null });
      rememberShelf(sellerId, [product]);
      navigate(
        `${generatePath(ROUTES.grabProductDetails, { id: product.prdtId })}?v=${encodeURIComponent(variant.vrntId)}`,
      );
    } catch (error) {
      setLookup({ busy: false, problem: online ? errorText(error) : t('grab.scan.offline') });
    }
  }

  const name = seller ? shopName(seller, i18n.resolvedLanguage) : '';
  return (
    <article className="page" data-testid="page-grabAndGo">
      <header className="page__header">
        <p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={onLeave}
            data-testid="leave-shop"
          >
            {t('grab.otherShop')}
          </button>
        </p>
        <h1 className="item-title" data-testid="grab-shop-name">
          {name || t('pages.grabAndGo.title')}
        </h1>
        {seller && (
          <p className="page__lead">
            {seller.openNow
              ? t('grab.inShopLead')
              : t('grab.closedOpensAt', {
                  time: sellerOpensText(seller, new Date(), i18n.resolvedLanguage === 'ta' ? 'ta' : 'en'),
                })}
          </p>
        )}
      </header>
      <OfflineNote />
      <section className="stack grab-find" aria-label={t('grab.find')}>
        {scanning ? (
          <Scanner
            kind="product"
            onClose={() => setScanning(false)}
            onCode={(code) => {
              setScanning(false);
              void findByCode(code);
            }}
          />
        ) : (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setScanning(true)}
            data-testid="scan-product"
          >
            {t('grab.scanProduct')}
          </button>
        )}
        <form
          className="grab-code"
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim()) void findByCode(typed.trim());
          }}
        >
          <label className="field__label" htmlFor="grab-typed">
            {t('grab.typeCode')}
          </label>
          <div className="grab-code__row">
            <input
              id="grab-typed"
              className="input"
              inputMode="numeric"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="8901234567890"
              data-testid="typed-code"
            />
            <button type="submit" className="button button--secondary" disabled={lookup.busy}>
              {t('grab.find')}
            </button>
          </div>
        </form>
        {lookup.problem && (
          <p className="alert alert--error" role="alert" data-testid="lookup-problem">
            {lookup.problem}
          </p>
        )}
        <label className="field__label" htmlFor="grab-search">
          {t('grab.searchLabel')}
        </label>
        <input
          id="grab-search"
          className="input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('grab.searchPlaceholder')}
          data-testid="grab-search"
        />
      </section>
      {group && <Basket group={group} payer={payer} />}
      {online && products.isPending && <CardSkeletons count={3} />}
      {online && products.isError && (
        <LoadFailedAlert
          reason={errorText(products.error)}
          error={products.error}
          onRetry={() => void products.refetch()}
        />
      )}
      {shown.length === 0 && !(online && products.isPending) && <p className="muted">{t('grab.noMatch')}</p>}
      <ul className="grab-lines" aria-label={t('grab.shelf')}>
        {shown.map((p) => {
          const variant = p.variants[0];
          if (!variant) return null;
          const label = localName(p.name, i18n.resolvedLanguage);
          const soldOut = !variant.alwaysInventory && variant.inventory <= 0;
          return (
            <li key={p.prdtId} className="grab-line" data-testid={`shelf-${p.prdtId}`}>
              <ProductArt id={p.prdtId} image={p.image_url} label={label} size="sm" />
              <Link
                className="grab-line__name"
                to={`${generatePath(ROUTES.grabProductDetails, { id: p.prdtId })}?v=${encodeURIComponent(variant.vrntId)}`}
              >
                {label}
                <span className="muted"> · {unitLabel(variant.unitValue, variant.unit)}</span>
              </Link>
              <Price pricePaise={variant.pricePaise} mrpPaise={variant.mrpPaise} />
              {soldOut ? (
                <span className="product-card__soldout">{t('shop.outOfStock')}</span>
              ) : (
                <GrabStepper
                  seller={grabSellerOf(p, seller)}
                  product={grabProductOf(p, variant)}
                  label={label}
                />
              )}
            </li>
          );
        })}
      </ul>
    </article>
  );
}
