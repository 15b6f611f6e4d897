// @vitest-environment happy-dom

import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { InstallOffer } from './install-offer.tsx';

/** What Chromium fires when Petti could be installed. */
function browserOffersInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('InstallOffer', () => {
  it('shows nothing until the browser has an install offer, then holds it back and gives it on a tap', async () => {
    await renderPage(<InstallOffer />);
    expect(screen.queryByTestId('install-offer')).toBeNull();
    const event = browserOffersInstall();
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByTestId('install-app'));
    expect(event.prompt).toHaveBeenCalledOnce();
    // The offer is single-use.
    expect(screen.queryByTestId('install-offer')).toBeNull();
  });

  it('goes for good with "Not now"', async () => {
    const first = await renderPage(<InstallOffer />);
    browserOffersInstall();
    fireEvent.click(await screen.findByText('Not now'));
    expect(screen.queryByTestId('install-offer')).toBeNull();
    first.unmount();
    await renderPage(<InstallOffer />);
    browserOffersInstall();
    expect(screen.queryByTestId('install-offer')).toBeNull();
  });
});
