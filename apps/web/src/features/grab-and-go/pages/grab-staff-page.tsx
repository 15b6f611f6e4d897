import type { ExitPassCheck } from '@petti/shared/schemas/grab';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Scanner } from '../../../lib/scan/scanner.tsx';
import { rupees } from '../../../lib/shop/price.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { useMyShops } from '../../../lib/work/my-shops.ts';
import { QrImage } from '../components/qr-image.tsx';
import { checkExitPass } from '../grab-api.ts';
import { shopEntranceUrl } from '../grab-product.ts';
import '../../../lib/ui/form.css';
import '../../../lib/shop/shop.css';
import '../grab.css';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';

/**
 * /GrabStaff — a shop's staff at the door (docs/grab-and-go.md#exit-pass): scan the shopper's pass (or
 * type its code) and compare the items with the bag. Signed in as themselves: only the shops they work
 * in that offer grab-and-go are offered, and the server checks the pass for that shop alone. Also shows
 * the shop's entrance QR code to print.
 */
export default function GrabStaffPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const mine = useMyShops();
  const shops = (mine.data?.shops ?? []).filter((s) => s.shop.modes.includes('grab')).map((s) => s.shop);
  const [params, setParams] = useSearchParams();
  const chosen = params.get('shop') ?? '';
  const sellerId = shops.some((s) => s.id === chosen) ? chosen : shops.length === 1 ? shops[0]!.id : '';
  const setSellerId = (id: string) => setParams(id ? { shop: id } : {}, { replace: true });
  const [pass, setPass] = useState('');
  const [scanning, setScanning] = useState(false);
  const [answer, setAnswer] = useState<ExitPassCheck | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(value: string) {
    setBusy(true);
    setProblem(null);
    setAnswer(null);
    try {
      setAnswer(await checkExitPass(sellerId, value));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageIntro page="grabStaff">
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (pass.trim()) void check(pass.trim());
        }}
      >
        {mine.data && shops.length === 0 && (
          <p className="alert alert--error">{t('shops.exit.noGrabShop')}</p>
        )}
        <label className="field__label" htmlFor="staff-shop">
          {t('grab.staff.shop')}
        </label>
        <select
          id="staff-shop"
          className="input"
          value={sellerId}
          onChange={(e) => setSellerId(e.target.value)}
          data-testid="staff-shop"
        >
          <option value="">{t('grab.staff.chooseShop')}</option>
          {shops.map((s) => (
            <option key={s.id} value={s.id}>
              {shopNameIn(s, i18n.resolvedLanguage)}
            </option>
          ))}
        </select>
        {scanning ? (
          <Scanner
            kind="qr"
            onClose={() => setScanning(false)}
            onCode={(code) => {
              setScanning(false);
              setPass(code);
              void check(code);
            }}
          />
        ) : (
          <button
            type="button"
            className="button button--secondary"
            disabled={!sellerId}
            onClick={() => setScanning(true)}
          >
            {t('grab.staff.scan')}
          </button>
        )}
        <label className="field__label" htmlFor="staff-pass">
          {t('grab.staff.code')}
        </label>
        <input
          id="staff-pass"
          className="input"
          autoComplete="off"
          autoCapitalize="characters"
          value={pass}
          onChange={(e) => setPass(e.target.value)}
          placeholder="ABCD-2345"
          data-testid="staff-pass"
        />
        <button type="submit" className="button button--primary" disabled={busy || !sellerId || !pass.trim()}>
          {t('grab.staff.check')}
        </button>
      </form>
      {problem && (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      )}
      {answer && (
        <section
          className={`panel grab-check grab-check--${answer.result === 'valid' ? 'ok' : 'bad'}`}
          data-testid="staff-result"
          aria-live="polite"
        >
          <h2 className="panel__title" data-testid="staff-verdict">
            {t(`grab.staff.result.${answer.result}`)}
          </h2>
          {answer.purchase && (
            <>
              <p className="muted">
                {localName(answer.purchase.sellerName, i18n.resolvedLanguage)} ·{' '}
                {rupees(answer.purchase.totalPaise)}
              </p>
              <ul className="grab-lines">
                {answer.purchase.items.map((i) => (
                  <li key={i.vrntId} className="grab-line">
                    <span className="grab-line__name">{localName(i.name, i18n.resolvedLanguage)}</span>
                    <span>× {i.quantity}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
      {sellerId && (
        <details className="panel">
          <summary className="panel__title">{t('grab.staff.entrance')}</summary>
          <QrImage
            text={shopEntranceUrl(window.location.origin, sellerId)}
            label={t('grab.staff.entrance')}
            size={200}
          />
        </details>
      )}
    </PageIntro>
  );
}
