import { normaliseBarcode } from '@petti/shared/rules/ean13';
import {
  STOCK_RUNNING_LOW,
  STOCK_SORTS,
  STOCK_VIEWS,
  type StockSort,
  type StockView,
} from '@petti/shared/rules/shop-catalog';
import type { Product } from '@petti/shared/schemas/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Scanner } from '../../../lib/scan/scanner.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { ChipFilter } from '../../../lib/ui/chip-filter.tsx';
import { LoadFailedAlert, TextField } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { NewProductForm } from '../components/new-product-form.tsx';
import { StockProductCard } from '../components/stock-product-card.tsx';
import { type ShopProductsAsked, useShopProducts } from '../shops-api.ts';
import '../../../lib/ui/form.css';
import '../shops.css';

/** What was asked: a name, or a barcode (typed digits or scanned). */
type Search = { q: string } | { barcode: string };

/** Eight or more digits typed (spaces and dashes allowed) are a barcode, anything else a name. */
function searchOf(text: string): Search | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const digits = normaliseBarcode(trimmed);
  return /^\d{8,14}$/.test(digits) ? { barcode: digits } : { q: trimmed };
}

/**
 * /shop/:shopId/stock — the shop's shelf (docs/shops.md#stock-and-catalogue): every product at once,
 * or those running low or out of stock, by name or by what sells; find one by name or by scanning a
 * pack, change its packs' prices, MRP and stock, photograph it, or add a product. A
 * scanned code no pack has yet is offered to attach to a pack found by name, or to a new product.
 */
export default function ShopStockPage() {
  const { shopId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  const [scanning, setScanning] = useState(false);
  const [adding, setAdding] = useState(false);
  /** A scanned or typed code no pack had: offered on the packs found next, and to a new product. */
  const [unknownCode, setUnknownCode] = useState<string | null>(null);
  const [view, setView] = useState<StockView>('all');
  const [sort, setSort] = useState<StockSort>('name');
  // A barcode names one pack: no view or order narrows it.
  const query: ShopProductsAsked =
    search && 'barcode' in search
      ? { ...search, stock: 'all', sort: 'name' }
      : { ...search, stock: view, sort };
  const results = useShopProducts(shopId, query);
  const pages = results.data?.pages ?? [];
  const products = pages.flatMap((p) => p.products);
  const sold = Object.assign({}, ...pages.map((p) => p.sold)) as Record<string, number>;
  const codeMissing = search && 'barcode' in search && results.isSuccess && products.length === 0;
  const offerCode = codeMissing ? search.barcode : unknownCode;

  function find(next: Search | null) {
    setAdding(false);
    // Keep a code nobody has while the shop looks the product up by name to attach it.
    if (next && 'barcode' in next) setUnknownCode(null);
    if (!next) setUnknownCode(null);
    setSearch(next);
  }

  function changed(product: Product) {
    // Shown at once, where it is in the list (a pack now in stock stays in "out of stock" until the
    // view is asked again); the other lists read it afresh.
    const key = ['shops', shopId, 'products', query];
    queryClient.setQueryData(
      key,
      (old: typeof results.data) =>
        old && {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            products: page.products.map((p) => (p.id === product.id ? product : p)),
          })),
        },
    );
    void queryClient.invalidateQueries({
      queryKey: ['shops', shopId, 'products'],
      predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(key),
      refetchType: 'none',
    });
    // The code is on a pack now: nothing left to offer.
    if (unknownCode && product.variants.some((v) => v.barcode === unknownCode)) setUnknownCode(null);
  }

  return (
    <PageIntro page="shopStock">
      <form
        className="stock-search"
        onSubmit={(e) => {
          e.preventDefault();
          const next = searchOf(text);
          if (codeMissing && search && 'barcode' in search && next && 'q' in next)
            setUnknownCode(search.barcode);
          find(next);
        }}
      >
        <TextField
          label={t('shops.stock.searchLabel')}
          hint={t('shops.stock.searchHint')}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          enterKeyHint="search"
          data-testid="stock-search"
        />
        <div className="stock-pack__actions">
          <button type="submit" className="button button--primary" data-testid="stock-find">
            {t('shops.stock.search')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setScanning(true)}
            data-testid="stock-scan"
          >
            {t('shops.stock.scan')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setAdding(true)}
            data-testid="stock-add"
          >
            {t('shops.stock.addProduct')}
          </button>
        </div>
      </form>
      {scanning && (
        <Scanner
          kind="product"
          onCode={(code) => {
            setScanning(false);
            const digits = normaliseBarcode(code);
            setText(digits);
            find({ barcode: digits });
          }}
          onClose={() => setScanning(false)}
        />
      )}

      {!adding && !(search && 'barcode' in search) && (
        <div className="stock-views">
          <ChipFilter
            legend={t('shops.stock.viewsLabel')}
            options={STOCK_VIEWS}
            value={view}
            onChange={setView}
            label={(name) => t(`shops.stock.views.${name}`)}
            testId={(name) => `stock-view-${name}`}
          />
          <label className="stock-views__sort">
            <span className="field__label">{t('shops.stock.sortLabel')}</span>
            <select
              className="input"
              value={sort}
              onChange={(e) => setSort(e.target.value as StockSort)}
              data-testid="stock-sort"
            >
              {STOCK_SORTS.map((name) => (
                <option key={name} value={name}>
                  {t(`shops.stock.sorts.${name}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {adding ? (
        <NewProductForm
          shopId={shopId}
          barcode={offerCode}
          onCancel={() => setAdding(false)}
          onDone={(product) => {
            setAdding(false);
            setUnknownCode(null);
            toast(t('shops.stock.created', { name: localName(product.name, i18n.resolvedLanguage) }), {
              variant: 'success',
              id: 'stock',
            });
            setText(product.name.en);
            setSearch({ q: product.name.en });
            void queryClient.invalidateQueries({ queryKey: ['shops', shopId, 'products'] });
          }}
        />
      ) : results.isPending ? (
        <LoadingLine />
      ) : results.isError ? (
        <LoadFailedAlert
          reason={errorText(results.error)}
          error={results.error}
          onRetry={() => void results.refetch()}
        />
      ) : codeMissing ? (
        <section className="panel stack" data-testid="stock-no-code">
          <p>
            <strong>{t('shops.stock.noCode', { code: search.barcode })}</strong>
          </p>
          <p className="muted">{t('shops.stock.noCodeHelp')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => setAdding(true)}
            data-testid="stock-add-with-code"
          >
            {t('shops.stock.addWithCode')}
          </button>
        </section>
      ) : products.length === 0 ? (
        <p className="empty-note" data-testid="stock-nothing">
          {search && 'q' in search
            ? t('shops.stock.nothing', { q: search.q })
            : view === 'low'
              ? t('shops.stock.emptyLow', { count: STOCK_RUNNING_LOW })
              : view === 'out'
                ? t('shops.stock.emptyOut')
                : t('shops.stock.emptyAll')}
        </p>
      ) : (
        <>
          <ul className="stock-list" data-testid="stock-list">
            {products.map((p) => (
              <StockProductCard
                key={p.id}
                shopId={shopId}
                product={p}
                sold={query.sort === 'sales' ? (sold[p.id] ?? 0) : undefined}
                attachCode={unknownCode}
                onChanged={changed}
              />
            ))}
          </ul>
          {results.hasNextPage && (
            <button
              type="button"
              className="button button--secondary stock-more"
              onClick={() => void results.fetchNextPage()}
              disabled={results.isFetchingNextPage}
              data-testid="stock-more"
            >
              {results.isFetchingNextPage ? t('loading.label') : t('shops.stock.more')}
            </button>
          )}
        </>
      )}
    </PageIntro>
  );
}
