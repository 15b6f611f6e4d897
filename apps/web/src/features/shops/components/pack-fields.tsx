import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Scanner } from '../../../lib/scan/scanner.tsx';
import { TextField } from '../../../lib/ui/form.tsx';
import type { PackDraft } from '../stock-form.ts';

/**
 * Price, MRP, stock, always-in-stock and barcode of one pack, as a shop types them: numbers with the
 * phone's number pad, the barcode typed or scanned with the camera.
 */
export function PackFields({
  draft,
  onChange,
  idPrefix,
}: {
  draft: PackDraft;
  onChange(next: PackDraft): void;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  const set = (patch: Partial<PackDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="pack-fields">
      <div className="pack-fields__row">
        <TextField
          label={t('shops.stock.price')}
          inputMode="decimal"
          value={draft.price}
          onChange={(e) => set({ price: e.target.value })}
          data-testid={`${idPrefix}-price`}
        />
        <TextField
          label={t('shops.stock.mrp')}
          inputMode="decimal"
          value={draft.mrp}
          onChange={(e) => set({ mrp: e.target.value })}
          data-testid={`${idPrefix}-mrp`}
        />
      </div>
      <label className="check-row">
        <input
          type="checkbox"
          checked={draft.alwaysInventory}
          onChange={(e) => set({ alwaysInventory: e.target.checked })}
          data-testid={`${idPrefix}-always`}
        />
        <span>
          {t('shops.stock.always')}
          <span className="muted field__hint"> {t('shops.stock.alwaysHint')}</span>
        </span>
      </label>
      {!draft.alwaysInventory && (
        <TextField
          label={t('shops.stock.stock')}
          inputMode="numeric"
          value={draft.stock}
          onChange={(e) => set({ stock: e.target.value })}
          data-testid={`${idPrefix}-stock`}
        />
      )}
      <TextField
        label={t('shops.stock.barcode')}
        hint={t('shops.stock.barcodeHint')}
        optional
        inputMode="numeric"
        value={draft.barcode}
        onChange={(e) => set({ barcode: e.target.value })}
        data-testid={`${idPrefix}-barcode`}
      />
      {scanning ? (
        <Scanner
          kind="product"
          onCode={(code) => {
            setScanning(false);
            set({ barcode: code });
          }}
          onClose={() => setScanning(false)}
        />
      ) : (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setScanning(true)}
          data-testid={`${idPrefix}-scan`}
        >
          {t('shops.stock.scan')}
        </button>
      )}
    </div>
  );
}
