import { formatRupees } from '@petti/shared/rules/money';
import { packStockLevel, SALES_WINDOW_DAYS } from '@petti/shared/rules/shop-catalog';
import type { Product, Variant } from '@petti/shared/schemas/catalog';
import { photoSrcSet } from '@petti/shared/schemas/photo';
import { useRef, useState } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ProductArt } from '../../../lib/shop/product-art.tsx';
import { localName, unitLabel } from '../../../lib/shop/product-text.ts';
import { FormAlert } from '../../../lib/ui/form.tsx';
import { Spinner } from '../../../lib/ui/loading-overlay.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { changePack, sendProductPhoto } from '../shops-api.ts';
import { draftOf, type PackDraft, readDraft } from '../stock-form.ts';
import { PackFields } from './pack-fields.tsx';
import { ProductDetailsForm } from './product-details-form.tsx';

/**
 * One of the shop's products on the stock screen: its photo (take or replace one), and each pack with
 * its price, MRP and stock, changed in place. `attachCode`: a scanned barcode no pack has yet, offered
 * for each pack here.
 */
export function StockProductCard({
  shopId,
  product,
  sold,
  attachCode,
  onChanged,
}: {
  shopId: string;
  product: Product;
  /** Units sold in the last `SALES_WINDOW_DAYS`, when the list is by what sells. */
  sold?: number | undefined;
  attachCode?: string | null;
  onChanged(product: Product): void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const name = localName(product.name, i18n.resolvedLanguage);
  const other = i18n.resolvedLanguage === 'ta' ? product.name.en : product.name.ta;
  const photoInput = useRef<HTMLInputElement>(null);
  const [sendingPhoto, setSendingPhoto] = useState(false);
  const [editing, setEditing] = useState(false);

  async function photo(file: File | undefined) {
    if (!file) return;
    setSendingPhoto(true);
    try {
      const { product: next } = await sendProductPhoto(shopId, product.id, file);
      toast(t('shops.stock.photoSaved'), { variant: 'success', id: 'stock' });
      onChanged(next);
    } catch (error) {
      toast(errorText(error), { variant: 'error', id: 'stock' });
    } finally {
      setSendingPhoto(false);
      if (photoInput.current) photoInput.current.value = '';
    }
  }

  return (
    <li className="panel stock-product" data-testid={`stock-product-${product.id}`}>
      <div className="stock-product__head">
        <ProductArt
          id={product.id}
          image={product.image_url}
          srcSet={product.photo ? photoSrcSet(product.photo) : undefined}
          sizes="72px"
          label={name}
          size="sm"
        />
        <div>
          <h2 className="stock-product__name">{name}</h2>
          {other && other !== name && <p className="muted">{other}</p>}
          {sold !== undefined && (
            <p className="stock-product__sold" data-testid={`stock-sold-${product.id}`}>
              {sold === 0
                ? t('shops.stock.soldNone', { days: SALES_WINDOW_DAYS })
                : t('shops.stock.sold', { count: sold, days: SALES_WINDOW_DAYS })}
            </p>
          )}
          <label className="button button--ghost button--small">
            {sendingPhoto ? <Spinner size={16} /> : null}
            {sendingPhoto
              ? t('shops.stock.photoSending')
              : product.photo
                ? t('shops.stock.photoReplace')
                : t('shops.stock.photo')}
            <input
              ref={photoInput}
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              disabled={sendingPhoto}
              onChange={(e) => void photo(e.target.files?.[0])}
              data-testid={`stock-photo-${product.id}`}
            />
          </label>
        </div>
      </div>
      {editing ? (
        <ProductDetailsForm
          shopId={shopId}
          product={product}
          onCancel={() => setEditing(false)}
          onDone={(next) => {
            setEditing(false);
            onChanged(next);
          }}
        />
      ) : (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setEditing(true)}
          data-testid={`product-edit-${product.id}`}
        >
          {t('shops.stock.editDetails')}
        </button>
      )}
      <ul className="stock-packs">
        {product.variants.map((v) => (
          <PackRow key={v.vrntId} shopId={shopId} pack={v} attachCode={attachCode} onChanged={onChanged} />
        ))}
      </ul>
    </li>
  );
}

function PackRow({
  shopId,
  pack,
  attachCode,
  onChanged,
}: {
  shopId: string;
  pack: Variant;
  attachCode?: string | null;
  onChanged(product: Product): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<PackDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const size = unitLabel(pack.unitValue, pack.unit);
  const level = packStockLevel(pack);
  const soldOut = level === 'out';

  async function send(body: Parameters<typeof changePack>[2], done: string) {
    setSaving(true);
    setProblem(null);
    try {
      const { product } = await changePack(shopId, pack.vrntId, body);
      toast(done, { variant: 'success', id: 'stock' });
      setDraft(null);
      onChanged(product);
    } catch (error) {
      // What was typed stays, to correct.
      setProblem(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  function save(event: React.FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const read = readDraft(draft);
    if ('problem' in read) {
      setProblem(t(read.problem === 'notANumber' ? 'shops.stock.notANumber' : `errorCodes.${read.problem}`));
      return;
    }
    const p = read.pack;
    void send(
      {
        pricePaise: p.pricePaise,
        mrpPaise: p.mrpPaise,
        alwaysInventory: p.alwaysInventory,
        ...(p.alwaysInventory ? {} : { inventory: p.inventory }),
        barcode: p.barcode,
      },
      t('shops.stock.saved'),
    );
  }

  return (
    <li className="stock-pack" data-testid={`stock-pack-${pack.vrntId}`}>
      <div className="stock-pack__line">
        <strong>{size}</strong>
        <span>
          {formatRupees(pack.pricePaise)}{' '}
          <span className="muted">{t('shops.stock.mrpLine', { mrp: formatRupees(pack.mrpPaise) })}</span>
        </span>
        <span
          className={soldOut ? 'stock-pack__out' : level === 'low' ? 'stock-pack__low' : 'muted'}
          data-testid={`stock-level-${pack.vrntId}`}
          data-level={level}
        >
          {level === 'always'
            ? t('shops.stock.alwaysShort')
            : soldOut
              ? t('shops.stock.outOfStock')
              : level === 'low'
                ? t('shops.stock.runningLow', { count: pack.inventory })
                : t('shops.stock.inStock', { count: pack.inventory })}
        </span>
      </div>
      <p className="muted stock-pack__code">{pack.barcode ?? t('shops.stock.noBarcode')}</p>
      {draft ? (
        <form className="stack" onSubmit={save} noValidate>
          <PackFields draft={draft} onChange={setDraft} idPrefix={`pack-${pack.vrntId}`} />
          {problem && (
            <FormAlert testId={`pack-problem-${pack.vrntId}`}>
              <p>{problem}</p>
            </FormAlert>
          )}
          <div className="stock-pack__actions">
            <button
              type="submit"
              className="button button--primary button--small"
              disabled={saving}
              aria-busy={saving || undefined}
              data-testid={`pack-save-${pack.vrntId}`}
            >
              {saving && <Spinner size={16} />}
              {t('shops.stock.save')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                setDraft(null);
                setProblem(null);
              }}
            >
              {t('shops.stock.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="stock-pack__actions">
          {attachCode && pack.barcode !== attachCode && (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={saving}
              onClick={() =>
                void send(
                  { barcode: attachCode },
                  t('shops.stock.attached', { code: attachCode, pack: size }),
                )
              }
              data-testid={`pack-attach-${pack.vrntId}`}
            >
              {t('shops.stock.attach', { code: attachCode })}
            </button>
          )}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setDraft(draftOf(pack))}
            data-testid={`pack-edit-${pack.vrntId}`}
          >
            {t('shops.stock.edit')}
          </button>
          {!soldOut && (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={saving}
              onClick={() =>
                void send(
                  { inventory: 0, alwaysInventory: false },
                  t('shops.stock.markedOut', { pack: size }),
                )
              }
              data-testid={`pack-out-${pack.vrntId}`}
            >
              {t('shops.stock.markOut')}
            </button>
          )}
        </div>
      )}
      {!draft && problem && (
        <FormAlert testId={`pack-problem-${pack.vrntId}`}>
          <p>{problem}</p>
        </FormAlert>
      )}
    </li>
  );
}
