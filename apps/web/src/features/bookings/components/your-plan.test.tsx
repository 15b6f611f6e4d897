// @vitest-environment happy-dom
import type { Subscription } from '@petti/shared/schemas/payments';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionFixture } from '../../../test/fixtures.ts';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { YourPlan } from './your-plan.tsx';

const subscription = (status: Subscription['status']) => subscriptionFixture({ id: `sub-${status}`, status });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Home's plan line", () => {
  it('shows the running plan with its hours left and renewal, in English and Tamil', async () => {
    const answers = {
      '/api/subscriptions': { subscriptions: [subscription('active'), subscription('expired')] },
    };
    fakeApi(answers);
    const english = await renderPage(<YourPlan />);
    const line = await screen.findByTestId('home-plan-locker-lite');
    expect(line.textContent).toBe(
      'Locker Lite · 4 of 10 locker-hours used, 6 left · Ends on 20 Dec, 12:00 pm',
    );
    expect(line.querySelector('a')?.getAttribute('href')).toBe('/subscribed');
    expect(screen.getAllByTestId(/^home-plan-/)).toHaveLength(1);
    english.unmount();

    fakeApi(answers);
    await renderPage(<YourPlan />, { language: 'ta' });
    expect((await screen.findByTestId('home-plan-locker-lite')).textContent).toContain('லாக்கர் லைட்');
  });

  it('says a plan renews by itself only while its mandate is on or retrying', async () => {
    const on = subscriptionFixture({
      autoRenew: { status: 'on', nextChargeAt: '2026-12-16T06:30:00Z', amountPaise: 9900, failedCharges: 0 },
    });
    fakeApi({ '/api/subscriptions': { subscriptions: [on] } });
    const first = await renderPage(<YourPlan />);
    expect((await screen.findByTestId('home-plan-locker-lite')).textContent).toContain(
      'Renews automatically on 20 Dec, 12:00 pm',
    );
    first.unmount();
    const halted = subscriptionFixture({
      autoRenew: { status: 'halted', nextChargeAt: null, amountPaise: 9900, failedCharges: 4 },
    });
    fakeApi({ '/api/subscriptions': { subscriptions: [halted] } });
    await renderPage(<YourPlan />);
    expect((await screen.findByTestId('home-plan-locker-lite')).textContent).toContain('Ends on 20 Dec');
  });

  it('without a plan, offers the way to choose one', async () => {
    fakeApi({ '/api/subscriptions': { subscriptions: [subscription('expired')] } });
    await renderPage(<YourPlan />);
    expect((await screen.findByTestId('your-plan')).textContent).toContain('You have no plan yet.');
    expect(screen.getByTestId('choose-plan').getAttribute('href')).toBe('/subscription');
  });

  it('shows a paused plan with until when it rests, not a renewal date', async () => {
    fakeApi({
      '/api/subscriptions': {
        subscriptions: [
          subscriptionFixture({
            status: 'paused',
            endsAt: '2026-12-27T06:30:00Z',
            pause: { from: '2026-11-28T00:00:00Z', until: '2026-12-05T06:30:00Z' },
          }),
        ],
      },
    });
    await renderPage(<YourPlan />);
    const line = await screen.findByTestId('home-plan-locker-lite');
    expect(line.textContent).toContain(
      'Paused until 5 Dec, 12:00 pm. Your plan now ends on 27 Dec, 12:00 pm.',
    );
    expect(line.textContent).not.toContain('Ends on');
  });
});
