// @vitest-environment happy-dom

import type { OpsLocker, OpsSite } from '@petti/shared/schemas/ops';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerDialog, dialogStore } from '../../../lib/ui/dialog-store.ts';
import { toastStore } from '../../../lib/ui/toast-store.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import LockerNetworkPage from './locker-network-page.tsx';

afterEach(() => {
  cleanup();
  act(() => dialogStore.setState({ queue: [] }));
  toastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
});

const site = (over: Partial<OpsSite>): OpsSite => ({
  id: 'railway-station',
  name: { en: 'Railway Station', ta: 'ரயில் நிலையம்' },
  type: 'public_lockers',
  online: true,
  offlineSince: null,
  lastHeartbeatAt: '2026-11-28T10:00:00.000Z',
  lockers: { total: 12, booked: 3, outOfService: 0, needAttention: 1 },
  today: { bookings: 5, paidPaise: 45000 },
  keypad: { state: 'open', until: null, wrongs: 0 },
  ...over,
});
const locker = (over: Partial<OpsLocker>): OpsLocker => ({
  id: 'railway-station-M03',
  label: 'M03',
  siteId: 'railway-station',
  size: 'M',
  inService: true,
  doorState: 'closed',
  doorChangedAt: null,
  fault: null,
  siteOnline: true,
  attention: [],
  booking: null,
  ...over,
});

const sites = [
  site({}),
  site({
    id: 'bus-stand',
    name: { en: 'Bus Stand', ta: 'பேருந்து நிலையம்' },
    online: false,
    offlineSince: new Date().toISOString(),
  }),
];
const booked = locker({
  booking: { id: 'b1', state: 'reserved', endsAt: new Date(Date.now() + 3_600_000).toISOString() },
});
const broken = locker({
  id: 'railway-station-S01',
  label: 'S01',
  size: 'S',
  fault: 'keypad dead',
  attention: ['fault'],
});

describe('the locker network console', () => {
  it('shows each site online or offline, what needs a look, and today', async () => {
    fakeApi({ '/api/operator/locker-sites': { sites } });
    await renderPage(<LockerNetworkPage />);
    const station = await screen.findByTestId('site-railway-station');
    expect(station.textContent).toContain('Online');
    expect(station.textContent).toContain('12 lockers · 3 booked · 0 out of service');
    expect(station.textContent).toContain('1 locker needs a look');
    expect(station.textContent).toContain('Today: 5 bookings · ₹450 paid');
    expect(screen.getByTestId('site-bus-stand').textContent).toMatch(/Offline since \d/);
    // What needs someone comes first: the site offline, then the one with a locker to look at.
    expect(screen.getAllByTestId(/^site-/).map((e) => e.dataset.testid)).toEqual([
      'site-bus-stand',
      'site-railway-station',
    ]);
  });

  it('takes a booked locker out of service after saying what happens to its bookings', async () => {
    const { calls } = fakeApi({
      '/api/operator/locker-sites': { sites },
      '/api/operator/lockers': { lockers: [booked, broken] },
      'PUT /api/operator/lockers/railway-station-M03/service': {
        locker: { ...booked, inService: false, attention: ['out_of_service'] },
        moved: [{ bookingId: 'b1', lockerId: 'railway-station-M04' }],
        refunded: [],
        staying: [],
      },
    });
    await renderPage(<LockerNetworkPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show lockers · Railway Station' }));
    const row = await screen.findByTestId('locker-M03');
    expect(row.textContent).toMatch(/Booked until/);
    expect(screen.getByTestId('locker-S01').textContent).toContain('Fault: keypad dead');

    fireEvent.click(row.querySelector('button')!);
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    const [asked] = dialogStore.getState().queue;
    expect(asked!.options.title).toBe('Take locker M03 out of service?');
    expect(asked!.options.message).toContain('refunded in full');
    act(() => answerDialog(asked!.id, 'confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { inService: false } }),
    );
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((x) => x.message)).toContain(
        'Locker M03 is out of service. 1 booking moved to another locker.',
      ),
    );
  });

  it('does nothing when the operator thinks again', async () => {
    const { calls } = fakeApi({
      '/api/operator/locker-sites': { sites },
      '/api/operator/lockers': { lockers: [booked] },
    });
    await renderPage(<LockerNetworkPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show lockers · Railway Station' }));
    fireEvent.click((await screen.findByTestId('locker-M03')).querySelector('button')!);
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    act(() => answerDialog(dialogStore.getState().queue[0]!.id, 'cancel'));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('opens a door from afar only with a reason, then shows it in the openings; an offline site says why not', async () => {
    let offline = false;
    const { calls } = fakeApi({
      '/api/operator/locker-sites': { sites },
      '/api/operator/lockers/railway-station-M03/openings': {
        openings: [
          {
            id: 'c2',
            reason: 'ops',
            state: 'opened',
            bookingId: null,
            byOperator: true,
            note: 'Bag strap caught',
            createdAt: new Date().toISOString(),
            doneAt: new Date().toISOString(),
          },
          {
            id: 'c1',
            reason: 'keypad',
            state: 'failed',
            bookingId: 'b1',
            byOperator: false,
            note: null,
            createdAt: new Date().toISOString(),
            doneAt: null,
          },
        ],
      },
      'POST /api/operator/lockers/railway-station-M03/open': () =>
        offline
          ? {
              status: 503,
              body: {
                error: {
                  code: 'lockerOffline',
                  message: "This locker's site is offline. On site, the technician's key opens any door.",
                },
              },
            }
          : { status: 202, body: { commandId: 'c2', status: 'waiting' } },
      '/api/operator/lockers': { lockers: [booked] },
    });
    await renderPage(<LockerNetworkPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show lockers · Railway Station' }));
    const row = await screen.findByTestId('locker-M03');
    fireEvent.click(within(row).getByRole('button', { name: 'Open door' }));
    const why = within(row).getByLabelText('Why open it? (kept in the log)');
    fireEvent.change(why, { target: { value: 'no' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Open it' }));
    expect(await within(row).findByText('Say why in a few words.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(why, { target: { value: 'Bag strap caught' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Open it' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { reason: 'Bag strap caught' } }),
    );
    // Sent: the openings show, the newest first, with the operator's words.
    await waitFor(() => expect(row.querySelectorAll('.ops-openings li')).toHaveLength(2));
    const [first, second] = [...row.querySelectorAll('.ops-openings li')].map((li) => li.textContent);
    expect(first).toMatch(/By an operator · opened.*“Bag strap caught”/);
    expect(second).toMatch(/PIN on the keypad · did not open/);

    offline = true;
    fireEvent.click(within(row).getByRole('button', { name: 'Open door' }));
    fireEvent.change(within(row).getByLabelText('Why open it? (kept in the log)'), {
      target: { value: 'Again' },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Open it' }));
    expect(await within(row).findByText(/technician’s key opens any door/)).toBeTruthy();
  });

  it('lists background tasks that keep failing, and puts one back', async () => {
    const dead = {
      id: 't1',
      kind: 'booking-refund',
      attempts: 8,
      lastError: 'provider refused the refund',
      deadAt: new Date().toISOString(),
      dueAt: new Date().toISOString(),
      bookingId: 'b1',
      data: {},
    };
    const { calls } = fakeApi({
      '/api/operator/locker-sites': { sites },
      '/api/operator/timers/dead': { timers: [dead] },
      'POST /api/operator/timers/t1/retry': { ...dead, deadAt: null, attempts: 0 },
    });
    await renderPage(<LockerNetworkPage />);
    const row = await screen.findByTestId('dead-t1');
    expect(row.textContent).toContain('booking-refund · failed 8 times');
    expect(row.textContent).toContain('provider refused the refund');
    fireEvent.click(within(row).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/t1/retry'))).toBe(true),
    );
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((x) => x.message)).toContain('Put back: it runs now.'),
    );
  });

  it('takes a whole site out after asking, and offers to put it back once all is out', async () => {
    const { calls } = fakeApi({
      '/api/operator/locker-sites': { sites: [site({})] },
      'PUT /api/operator/locker-sites/railway-station/service': {
        lockers: 12,
        moved: [],
        refunded: [{ bookingId: 'b1', amountPaise: 3000 }],
        staying: [],
      },
    });
    await renderPage(<LockerNetworkPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Take the whole site out · Railway Station' }));
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    const [asked] = dialogStore.getState().queue;
    expect(asked!.options.title).toBe('Take every locker at Railway Station out of service?');
    act(() => answerDialog(asked!.id, 'confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { inService: false } }),
    );
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((x) => x.message)).toContain(
        'Railway Station is out of service. 1 booking cancelled and refunded in full.',
      ),
    );
    cleanup();
    fakeApi({
      '/api/operator/locker-sites': {
        sites: [site({ lockers: { total: 12, booked: 0, outOfService: 12, needAttention: 0 } })],
      },
    });
    await renderPage(<LockerNetworkPage />);
    expect(
      await screen.findByRole('button', { name: 'Put the whole site back · Railway Station' }),
    ).toBeTruthy();
  });

  it('says a keypad wrong PINs paused or closed, puts that site on top, and reopens it after asking', async () => {
    const closed = site({
      id: 'thiruthangal',
      name: { en: 'Thiruthangal', ta: 'திருத்தங்கல்' },
      lockers: { total: 6, booked: 0, outOfService: 0, needAttention: 0 },
      keypad: { state: 'closed', until: null, wrongs: 9 },
    });
    const paused = site({
      id: 'amman-kovil',
      name: { en: 'Amman Kovil', ta: 'அம்மன் கோவில்' },
      lockers: { total: 6, booked: 0, outOfService: 0, needAttention: 0 },
      keypad: { state: 'paused', until: new Date(Date.now() + 300_000).toISOString(), wrongs: 3 },
    });
    const { calls } = fakeApi({
      '/api/operator/locker-sites': {
        sites: [
          site({ lockers: { total: 12, booked: 3, outOfService: 0, needAttention: 0 } }),
          paused,
          closed,
        ],
      },
      'POST /api/operator/locker-sites/thiruthangal/keypad/reopen': {
        keypad: { state: 'open', until: null, wrongs: 0 },
      },
    });
    await renderPage(<LockerNetworkPage />);
    const card = await screen.findByTestId('site-thiruthangal');
    expect(card.textContent).toContain('Keypad closed: 9 wrong PINs. PINs are refused until you reopen it.');
    expect(screen.getByTestId('site-amman-kovil').textContent).toMatch(
      /Keypad paused until \d.*: 3 wrong PINs today\./,
    );
    expect(screen.getByTestId('site-railway-station').textContent).not.toContain('Keypad');
    expect(screen.getAllByTestId(/^site-/).map((e) => e.dataset.testid)).toEqual([
      'site-amman-kovil',
      'site-thiruthangal',
      'site-railway-station',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Reopen keypad · Thiruthangal' }));
    await waitFor(() => expect(dialogStore.getState().queue).toHaveLength(1));
    const [asked] = dialogStore.getState().queue;
    expect(asked!.options.title).toBe('Reopen the keypad at Thiruthangal?');
    act(() => answerDialog(asked!.id, 'confirm'));
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((x) => x.message)).toContain(
        'The keypad at Thiruthangal takes PINs again.',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/operator/locker-sites/thiruthangal/keypad/reopen',
    ]);
  });

  it('speaks Tamil', async () => {
    fakeApi({ '/api/operator/locker-sites': { sites } });
    await renderPage(<LockerNetworkPage />, { language: 'ta' });
    const station = await screen.findByTestId('site-railway-station');
    expect(station.textContent).toContain('ரயில் நிலையம்');
    expect(station.textContent).toContain('இணைப்பில் உள்ளது');
    expect(screen.getByTestId('site-bus-stand').textContent).toContain('முதல் இணைப்பில் இல்லை');
  });
});
