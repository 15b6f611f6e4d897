import { formatRupees } from '@petti/shared/rules/money';
import type { ShopOrder } from '@petti/shared/schemas/shops';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { useProducts } from '../../../lib/shop/shop-api.ts';

type Line = ShopOrder['items'][number];

export interface ItemProblemActions {
  unavailable: (line: Line, quantity: number) => Promise<void>;
  substitute: (line: Line, substituteVrntId: string, quantity: number) => Promise<void>;
}

/**
 * "Not there?" under a line on the board (docs/shops.md#an-item-is-not-there): mark it missing (the
 * buyer is refunded for it) or find something from the shop's own shelf to offer instead, at the
 * same price or less, which the buyer accepts or declines in the app.
 */
export function ItemProblem({
  shopId,
  line,
  left,
  actions,
}: {
  shopId: string;
  line: Line;
  /** How many of the line are still coming. */
  left: number;
  actions: ItemProblemActions;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(left);
  const [q, setQ] = useState(() => localName(line.name, 'en').split(/\s+/)[0] ?? '');
  const [busy, setBusy] = useState(false);
  const found = useProducts({ sellerId: shopId, q: q.trim() || undefined }, open && q.trim().length > 1);
  const choices = (found.data?.products ?? []).flatMap((p) =>
    p.variants
      .filter(
        (v) =>
          v.vrntId !== line.vrntId &&
          v.pricePaise <= line.unitPricePaise &&
          (v.alwaysInventory || v.inventory >= quantity),
      )
      .map((v) => ({ product: p, variant: v })),
  );
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        className="button button--ghost button--small item-problem__open"
        onClick={() => setOpen(true)}
        data-testid={`not-there-${line.vrntId}`}
      >
        {t('shops.item.notThere')}
      </button>
    );
  }
  return (
    <fieldset className="shop-fieldset" data-testid={`item-problem-${line.vrntId}`}>
      <legend>{t('shops.item.title', { name: localName(line.name, language) })}</legend>
      {left > 1 && (
        <label className="item-problem__qty">
          <span>{t('shops.item.howMany')}</span>
          <select className="input" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
            {Array.from({ length: left }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      <button
        type="button"
        className="button button--danger"
        disabled={busy}
        onClick={() => void run(() => actions.unavailable(line, quantity))}
        data-testid="mark-unavailable"
      >
        {t('shops.item.unavailable', { amount: formatRupees(line.unitPricePaise * quantity) })}
      </button>
      <label className="field__label" htmlFor={`substitute-${line.vrntId}`}>
        {t('shops.item.find')}
      </label>
      <input
        id={`substitute-${line.vrntId}`}
        className="input"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        data-testid="substitute-search"
      />
      <p className="muted">{t('shops.item.priceRule', { price: formatRupees(line.unitPricePaise) })}</p>
      <ul className="item-problem__choices">
        {choices.slice(0, 6).map(({ product, variant }) => (
          <li key={variant.vrntId}>
            <span>
              {localName(product.name, language)} · {variant.unitValue} {variant.unit} ·{' '}
              {formatRupees(variant.pricePaise)}
            </span>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy}
              onClick={() => void run(() => actions.substitute(line, variant.vrntId, quantity))}
              data-testid={`offer-${variant.vrntId}`}
            >
              {t('shops.item.offer')}
            </button>
          </li>
        ))}
        {found.data && choices.length === 0 && <li className="muted">{t('shops.item.noChoices')}</li>}
      </ul>
      <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
        {t('shops.item.close')}
      </button>
    </fieldset>
  );
}
