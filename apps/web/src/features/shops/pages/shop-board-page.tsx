import { EVENTS, TOPICS } from '@petti/shared/events';
import { SHOP_BOARD_LANES, type ShopBoardLane } from '@petti/shared/rules/shop-board';
import { townTime } from '@petti/shared/rules/town-time';
import type { ShopOrder } from '@petti/shared/schemas/shops';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useLiveEvents, useLiveTopic } from '../../../lib/realtime/index.ts';
import { FormAlert, LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { useMyShops } from '../../../lib/work/my-shops.ts';
import { FirstSteps } from '../components/first-steps.tsx';
import { type OrderActions, ShopOrderCard } from '../components/shop-order-card.tsx';
import { bellEnabled, enableBell, ringBell } from '../order-bell.ts';
import { nextStep } from '../order-steps.ts';
import {
  acceptOrder,
  markUnavailable,
  offerSubstitute,
  rejectOrder,
  sendProofPhoto,
  stepOrder,
  useShopLane,
} from '../shops-api.ts';
import '../shops.css';

/**
 * /shop/:shopId — the order board (docs/shops.md#the-order-board): lanes of new orders, orders for
 * opening time, orders in progress and today's finished ones. A new order rings while the screen is
 * open; every change made by anyone in the shop arrives live.
 */
export default function ShopBoardPage() {
  const { shopId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const mine = useMyShops();
  const membership = mine.data?.shops.find((s) => s.shop.id === shopId);
  const [lane, setLane] = useState<ShopBoardLane>('new');
  const [bell, setBell] = useState(bellEnabled);
  const [now, setNow] = useState(() => Date.now());
  const lanes = {
    new: useShopLane(shopId, 'new'),
    scheduled: useShopLane(shopId, 'scheduled'),
    active: useShopLane(shopId, 'active'),
    done: useShopLane(shopId, 'done'),
  };
  const shown = lanes[lane];
  const language = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';

  // "Waiting 4 min" moves on by itself.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  // The shop's own topic, while the board is open; refused once someone is no longer a member, and
  // then the shops are read again, which takes them off this board.
  useLiveTopic(membership ? TOPICS.shopEvents(shopId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: ['shops', 'mine'] });
  });
  useLiveEvents((e) => {
    if (e.event !== EVENTS.shopOrderChanged || e.data.shopId !== shopId) return;
    if (e.data.event === EVENTS.orderPlaced) ringBell();
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['shops', shopId, 'orders'] });

  // At opening the night's orders may be accepted: they move to New at that moment, and the bell rings
  // for them as for a new order (the server has nothing to announce: only the clock moved).
  const opening = (lanes.scheduled.data?.items ?? [])
    .map((o) => (o.scheduledFor ? Date.parse(o.scheduledFor) : Number.NaN))
    .filter((at) => Number.isFinite(at))
    .sort((a, b) => a - b)[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: the moment is what matters, not the callbacks
  useEffect(() => {
    if (opening === undefined) return;
    const timer = setTimeout(
      () => {
        ringBell();
        // The cards judge "not yet" by this clock too: moved on now, not at its next half minute.
        setNow(Date.now());
        void queryClient.invalidateQueries({ queryKey: ['shops', shopId, 'orders'] });
      },
      Math.max(0, opening - Date.now()) + 1_000,
    );
    return () => clearTimeout(timer);
  }, [opening, shopId]);

  /** What went wrong, said for people: who in the shop got there first, or the catalogue's sentence. */
  const failed = (error: unknown) => {
    if (isApiError(error) && error.code === 'OrderTakenByOther') {
      const by = error.details.by;
      const at = error.details.at;
      toast(
        typeof by === 'string' && typeof at === 'string'
          ? t('shops.takenBy', { name: by, time: townTime(at, language) })
          : t('shops.takenBySomeone'),
        { variant: 'error', id: 'shop-step' },
      );
    } else toast(errorText(error), { variant: 'error', id: 'shop-step' });
    void refresh();
  };

  const actions: OrderActions = {
    async accept(order, prepMinutes) {
      try {
        const done = await acceptOrder(shopId, order.id, prepMinutes);
        toast(t('shops.accept.done', { time: townTime(done.readyBy!, language) }), {
          variant: 'success',
          id: 'shop-step',
        });
        setLane('active');
      } catch (error) {
        failed(error);
      }
      await refresh();
    },
    async reject(order, reason) {
      try {
        await rejectOrder(shopId, order.id, reason);
        toast(t('shops.reject.done'), { variant: 'success', id: 'shop-step' });
      } catch (error) {
        failed(error);
      }
      await refresh();
    },
    async unavailable(order, vrntId, quantity) {
      try {
        await markUnavailable(shopId, order.id, vrntId, quantity);
        toast(t('shops.item.markedDone'), { variant: 'success', id: 'shop-step' });
      } catch (error) {
        failed(error);
      }
      await refresh();
    },
    async substitute(order, vrntId, substituteVrntId, quantity) {
      try {
        await offerSubstitute(shopId, order.id, vrntId, substituteVrntId, quantity);
        toast(t('shops.item.offeredDone'), { variant: 'success', id: 'shop-step' });
      } catch (error) {
        failed(error);
      }
      await refresh();
    },
    async deliverWithPhoto(order, photo) {
      try {
        await sendProofPhoto(shopId, order.id, photo);
        await stepOrder(shopId, order.id, 'deliver');
        toast(t('shops.stepDone', { step: t('shops.steps.deliver') }), {
          variant: 'success',
          id: 'shop-step',
        });
      } catch (error) {
        failed(error);
      }
      await refresh();
    },
    async step(order: ShopOrder, proof = {}) {
      const step = nextStep(order);
      if (!step || step === 'accept') return;
      try {
        await stepOrder(shopId, order.id, step, proof);
        toast(t('shops.stepDone', { step: t(`shops.steps.${step}`) }), {
          variant: 'success',
          id: 'shop-step',
        });
      } catch (error) {
        failed(error);
      }
      await refresh();
    },
  };

  const canAct = Boolean(membership?.shop.active);
  return (
    <PageIntro page="shopBoard">
      {membership && !membership.shop.active && <FormAlert>{t('shops.inactive')}</FormAlert>}
      {!bell && (
        <button
          type="button"
          className="button button--secondary shop-bell"
          onClick={() => setBell(enableBell())}
          data-testid="enable-bell"
        >
          {t('shops.ring.enable')}
        </button>
      )}
      {bell && <p className="muted shop-bell">{t('shops.ring.enabled')}</p>}
      <div className="shop-lanes" role="tablist" aria-label={t('shops.lanes.label')}>
        {SHOP_BOARD_LANES.map((l) => {
          const count = lanes[l].data?.items.length ?? 0;
          return (
            <button
              key={l}
              type="button"
              role="tab"
              aria-selected={lane === l}
              className={`shop-lanes__tab${lane === l ? ' shop-lanes__tab--on' : ''}`}
              onClick={() => setLane(l)}
              data-testid={`lane-${l}`}
            >
              {t(`shops.lanes.${l}`)}
              {l !== 'done' && count > 0 && (
                <span className={`shop-lanes__count${l === 'new' ? ' shop-lanes__count--new' : ''}`}>
                  {count}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <section role="tabpanel" aria-label={t(`shops.lanes.${lane}`)}>
        {shown.isPending ? (
          <LoadingLine />
        ) : shown.isError ? (
          <LoadFailedAlert
            reason={errorText(shown.error)}
            error={shown.error}
            onRetry={() => void shown.refetch()}
          />
        ) : shown.data.items.length === 0 ? (
          <p className="shop-empty">{t(`shops.empty.${lane}`)}</p>
        ) : (
          <ul className="shop-orders">
            {shown.data.items.map((order) => (
              <ShopOrderCard key={order.id} order={order} nowMs={now} canAct={canAct} actions={actions} />
            ))}
          </ul>
        )}
      </section>
      {/* Below the lanes: when it arrives, nothing the owner reads or taps moves. */}
      {membership?.role === 'owner' && <FirstSteps shopId={shopId} />}
    </PageIntro>
  );
}
