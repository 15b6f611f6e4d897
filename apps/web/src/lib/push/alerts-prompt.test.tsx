// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render.tsx';
import { AlertsPrompt } from './alerts-prompt.tsx';

/** A browser that can have alerts: permission not asked yet, a worker whose push service answers. */
function pushCapableBrowser(options: { permission?: NotificationPermission; subscribeFails?: boolean } = {}) {
  const subscription = {
    endpoint: 'https://push.example/abc',
    toJSON: () => ({
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    }),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => null),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      if (options.subscribeFails)
        throw new DOMException('Registration failed - push service error', 'AbortError');
      return subscription;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => 'granted'),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { pushManager, notification };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AlertsPrompt', () => {
  it('turns alerts on from a tap: asks permission, subscribes with the server key, gives the server the subscription', async () => {
    const browser = pushCapableBrowser();
    const api = fakeApi({
      '/api/push/key': {
        publicKey: 'BO_A9lkpDYFT92tTtm4WpNXElcuFdn9bimAOHHxq0oBIoWJ6B5kGv_GM5H-Yv3I20vYdpEufEPcQ5DQvnd_tEjM',
      },
      'POST /api/push/subscriptions': { status: 204 },
    });
    await renderPage(<AlertsPrompt />);
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('alerts-turn-on'));
    await waitFor(() => expect(screen.queryByTestId('alerts-prompt')).toBeNull());
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const key = browser.pushManager.subscribe.mock.calls[0]![0] as {
      applicationServerKey: Uint8Array;
      userVisibleOnly: boolean;
    };
    expect(key.userVisibleOnly).toBe(true);
    expect(key.applicationServerKey).toHaveLength(65);
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/push/subscriptions',
      body: { endpoint: 'https://push.example/abc' },
    });
  });

  it('says so when the push service cannot be reached, and stays to try again', async () => {
    pushCapableBrowser({ subscribeFails: true });
    fakeApi({
      '/api/push/key': {
        publicKey: 'BO_A9lkpDYFT92tTtm4WpNXElcuFdn9bimAOHHxq0oBIoWJ6B5kGv_GM5H-Yv3I20vYdpEufEPcQ5DQvnd_tEjM',
      },
    });
    await renderPage(<AlertsPrompt />);
    fireEvent.click(await screen.findByTestId('alerts-turn-on'));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /could not reach its notification service/,
    );
    expect((screen.getByTestId('alerts-turn-on') as HTMLButtonElement).disabled).toBe(false);
  });

  it('goes for good with "Not now", and never shows where alerts are blocked', async () => {
    pushCapableBrowser();
    fakeApi({});
    const first = await renderPage(<AlertsPrompt />);
    fireEvent.click(await screen.findByText('Not now'));
    expect(screen.queryByTestId('alerts-prompt')).toBeNull();
    first.unmount();
    await renderPage(<AlertsPrompt />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('alerts-prompt')).toBeNull();

    cleanup();
    localStorage.clear();
    pushCapableBrowser({ permission: 'denied' });
    await renderPage(<AlertsPrompt />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('alerts-prompt')).toBeNull();
  });
});
