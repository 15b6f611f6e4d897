import { EVENTS } from '@petti/shared/events';
import { formatRupees } from '@petti/shared/rules/money';
import type { LockerServiceAnswer, OpsLocker, OpsSite } from '@petti/shared/schemas/ops';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useLiveEvents } from '../../../lib/realtime/index.ts';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { DeadTimersPanel } from '../components/dead-timers-panel.tsx';
import { LockerDoorTools } from '../components/locker-door-tools.tsx';
import {
  reopenKeypad,
  setLockerService,
  setSiteService,
  useLockerSites,
  useSiteLockers,
} from '../shops-api.ts';
import '../shops.css';

/**
 * /operator/lockers — Petti's operators run the locker network (docs/lockers.md#operators): every site
 * online or offline since when, what needs a look, today's bookings and money; a site opens to its
 * lockers, each taken out of service (even while booked: its bookings move or are refunded) or put
 * back, a door opened from afar with a reason and its openings read; below, background tasks that
 * keep failing, to put back. The server refuses anyone who is
 * not an operator.
 */
/**
 * Sites offline first, then those whose keypad wrong PINs stopped or with lockers to look at, then by
 * name: what needs someone, on top.
 */
function needsLookFirst(sites: OpsSite[], language: 'en' | 'ta'): OpsSite[] {
  const rank = (s: OpsSite) =>
    (s.online ? 0 : 2) + (s.lockers.needAttention > 0 || s.keypad.state !== 'open' ? 1 : 0);
  return [...sites].sort(
    (a, b) => rank(b) - rank(a) || a.name[language].localeCompare(b.name[language], language),
  );
}

export default function LockerNetworkPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const sites = useLockerSites();
  const [open, setOpen] = useState<string | null>(null);
  // A site went offline or came back, a locker needs a look: read the network again at once.
  const queryClient = useQueryClient();
  useLiveEvents((e) => {
    if (e.event === EVENTS.lockerNetworkChanged)
      void queryClient.invalidateQueries({ queryKey: ['operator'] });
  });

  return (
    <PageIntro page="operatorLockers">
      {sites.isPending ? (
        <LoadingLine />
      ) : sites.isError ? (
        <LoadFailedAlert
          reason={errorText(sites.error)}
          error={sites.error}
          onRetry={() => void sites.refetch()}
        />
      ) : sites.data.length === 0 ? (
        <p className="shop-empty">{t('shops.lockers.none')}</p>
      ) : (
        <ul className="shop-orders" aria-label={t('shops.lockers.sites')}>
          {needsLookFirst(sites.data, i18n.resolvedLanguage === 'ta' ? 'ta' : 'en').map((s) => (
            <SiteCard
              key={s.id}
              site={s}
              open={open === s.id}
              onToggle={() => setOpen(open === s.id ? null : s.id)}
            />
          ))}
        </ul>
      )}
      {/* Below the sites, and only once they are drawn: shown before them, it was pushed down
          when they came (docs/performance.md#layout-shift). */}
      {!sites.isPending && <DeadTimersPanel />}
    </PageIntro>
  );
}

function SiteCard({ site, open, onToggle }: { site: OpsSite; open: boolean; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  const { timeOrDateTime } = useDateFormat();
  const name = i18n.resolvedLanguage === 'ta' ? site.name.ta : site.name.en;
  const listId = `site-lockers-${site.id}`;
  return (
    <li className="shop-order" data-testid={`site-${site.id}`} data-online={site.online}>
      <div className="shop-order__head">
        <strong className="shop-order__number">{name}</strong>
        <span className={`ops-state ops-state--${site.online ? 'online' : 'offline'}`}>
          {site.online
            ? t('shops.lockers.online')
            : t('shops.lockers.offlineSince', { time: timeOrDateTime(site.offlineSince!, Date.now()) })}
        </span>
      </div>
      <span>
        {t('shops.lockers.counts', {
          total: site.lockers.total,
          booked: site.lockers.booked,
          out: site.lockers.outOfService,
        })}
      </span>
      {site.lockers.needAttention > 0 && (
        <span className="ops-warning">
          {t('shops.lockers.needAttention', { count: site.lockers.needAttention })}
        </span>
      )}
      <KeypadGuard site={site} name={name} />
      <span className="muted">
        {t('shops.lockers.today', {
          count: site.today.bookings,
          money: formatRupees(site.today.paidPaise),
        })}
      </span>
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={listId}
        // Every site has this button: its name says which site it opens.
        aria-label={`${open ? t('shops.lockers.hide') : t('shops.lockers.show')} · ${name}`}
        onClick={onToggle}
      >
        {open ? t('shops.lockers.hide') : t('shops.lockers.show')}
      </button>
      {open && <SiteLockers siteId={site.id} listId={listId} />}
      <SiteService site={site} name={name} />
    </li>
  );
}

/**
 * A keypad that wrong PINs paused or closed (docs/locker-protocol.md#guessing): said on the site, and
 * reopened here once the operator knows why; a pause ends by itself, so the button is there for both.
 */
function KeypadGuard({ site, name }: { site: OpsSite; name: string }) {
  const { t } = useTranslation();
  const { timeOrDateTime } = useDateFormat();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { keypad } = site;
  if (keypad.state === 'open') return null;

  async function reopen() {
    const answer = await confirm({
      title: t('shops.lockers.keypadReopenTitle', { site: name }),
      message: t('shops.lockers.keypadReopenBody'),
      confirmLabel: t('shops.lockers.keypadReopen'),
    });
    if (answer !== 'confirm') return;
    setBusy(true);
    try {
      await reopenKeypad(site.id);
      toast(t('shops.lockers.keypadReopened', { site: name }), { variant: 'success' });
    } catch (error) {
      toast(errorText(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
    await queryClient.invalidateQueries({ queryKey: ['operator'] });
  }

  return (
    <>
      <span className="ops-warning" role="status">
        {keypad.state === 'closed' || !keypad.until
          ? t('shops.lockers.keypadClosed', { count: keypad.wrongs })
          : t('shops.lockers.keypadPaused', {
              count: keypad.wrongs,
              time: timeOrDateTime(keypad.until, Date.now()),
            })}
      </span>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={busy}
        // Every such site has this button: its name says which site it acts on.
        aria-label={`${t('shops.lockers.keypadReopen')} · ${name}`}
        onClick={() => void reopen()}
      >
        {t('shops.lockers.keypadReopen')}
      </button>
    </>
  );
}

/** What taking lockers out did to their bookings, after what was done: one toast's words. */
function whatItDid(
  t: ReturnType<typeof useTranslation>['t'],
  first: string,
  done: Pick<LockerServiceAnswer, 'moved' | 'refunded' | 'staying'>,
): string {
  const said = [first];
  if (done.moved.length) said.push(t('shops.lockers.moved', { count: done.moved.length }));
  if (done.refunded.length) said.push(t('shops.lockers.refunded', { count: done.refunded.length }));
  if (done.staying.length) said.push(t('shops.lockers.staying'));
  return said.join(' ');
}

/** The whole site out of service for repairs, or back: asked first, since every booking there is affected. */
function SiteService({ site, name }: { site: OpsSite; name: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const allOut = site.lockers.total > 0 && site.lockers.outOfService === site.lockers.total;

  async function change() {
    if (!allOut) {
      const answer = await confirm({
        title: t('shops.lockers.siteOutTitle', { site: name }),
        message: t('shops.lockers.siteOutBody'),
        confirmLabel: t('shops.lockers.siteOut'),
        danger: true,
      });
      if (answer !== 'confirm') return;
    }
    setBusy(true);
    try {
      const done = await setSiteService(site.id, allOut);
      toast(
        whatItDid(
          t,
          t(allOut ? 'shops.lockers.siteBackDone' : 'shops.lockers.siteOutDone', { site: name }),
          done,
        ),
        { variant: 'success' },
      );
    } catch (error) {
      toast(errorText(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
    await queryClient.invalidateQueries({ queryKey: ['operator'] });
  }

  return (
    <button
      type="button"
      className={`button button--small ${allOut ? 'button--secondary' : 'button--ghost'}`}
      disabled={busy}
      // Every site has this button: its name says which site it acts on.
      aria-label={`${allOut ? t('shops.lockers.siteBack') : t('shops.lockers.siteOut')} · ${name}`}
      onClick={() => void change()}
    >
      {allOut ? t('shops.lockers.siteBack') : t('shops.lockers.siteOut')}
    </button>
  );
}

function SiteLockers({ siteId, listId }: { siteId: string; listId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const lockers = useSiteLockers(siteId);
  const [busy, setBusy] = useState<string | null>(null);

  async function change(l: OpsLocker) {
    if (l.inService) {
      const answer = await confirm({
        title: t('shops.lockers.takeOutTitle', { locker: l.label }),
        message: t('shops.lockers.takeOutBody', { size: l.size }),
        confirmLabel: t('shops.lockers.takeOut'),
        danger: true,
      });
      if (answer !== 'confirm') return;
    }
    setBusy(l.id);
    try {
      const done = await setLockerService(l.id, !l.inService);
      const first = l.inService
        ? t('shops.lockers.tookOut', { locker: l.label })
        : t('shops.lockers.putBackDone', { locker: l.label });
      toast(whatItDid(t, first, done), { variant: 'success' });
    } catch (error) {
      toast(errorText(error), { variant: 'error' });
    } finally {
      setBusy(null);
    }
    await queryClient.invalidateQueries({ queryKey: ['operator'] });
  }

  if (lockers.isPending) return <LoadingLine />;
  if (lockers.isError)
    return (
      <LoadFailedAlert
        reason={errorText(lockers.error)}
        error={lockers.error}
        onRetry={() => void lockers.refetch()}
      />
    );
  return (
    <ul className="ops-lockers" id={listId}>
      {lockers.data.map((l) => (
        <li key={l.id} className="ops-locker" data-testid={`locker-${l.label}`}>
          <strong>{l.label}</strong>
          <span className="muted">{l.size}</span>
          <LockerState locker={l} />
          <button
            type="button"
            className={`button button--small ${l.inService ? 'button--ghost' : 'button--secondary'}`}
            disabled={busy === l.id}
            onClick={() => void change(l)}
          >
            {l.inService ? t('shops.lockers.takeOut') : t('shops.lockers.putBack')}
          </button>
          <LockerDoorTools locker={l} />
        </li>
      ))}
    </ul>
  );
}

function LockerState({ locker: l }: { locker: OpsLocker }) {
  const { t } = useTranslation();
  const { timeOrDateTime } = useDateFormat();
  const until = l.booking ? timeOrDateTime(l.booking.endsAt, Date.now()) : '';
  const state = !l.inService
    ? t('shops.lockers.outOfService')
    : !l.booking
      ? t('shops.lockers.free')
      : l.booking.state === 'expired'
        ? t('shops.lockers.overstay')
        : l.booking.state === 'active'
          ? t('shops.lockers.inUse', { time: until })
          : t('shops.lockers.booked', { time: until });
  const problems = l.attention.flatMap((a) =>
    a === 'forced' || a === 'door_open' || a === 'overstay_blocking'
      ? [t(`shops.lockers.attention.${a}`)]
      : a === 'fault'
        ? [t('shops.lockers.attention.fault', { fault: l.fault ?? '' })]
        : [],
  );
  return (
    <span className="ops-locker__state">
      <span className={l.inService ? undefined : 'ops-warning'}>{state}</span>
      {problems.map((p) => (
        <span key={p} className="ops-warning">
          {p}
        </span>
      ))}
    </span>
  );
}
