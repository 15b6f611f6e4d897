// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render.tsx';
import type { MapMarker } from './map-types.ts';
import { SlippyMap } from './slippy-map.tsx';

const tiles = {
  url: 'https://{s}.tiles.test/{z}/{x}/{y}.png',
  attribution: '© <a href="https://tiles.test">Tiles</a>',
  subdomains: 'abc',
  maxZoom: 19,
};

const markers: MapMarker[] = [
  {
    id: 'site-a',
    lat: 9.451,
    lng: 77.797,
    label: 'Bus stand: 3 free now',
    name: 'Bus stand',
    badge: '3',
    href: '/booking/site-a',
  },
  {
    id: 'site-b',
    lat: 9.46,
    lng: 77.81,
    label: 'Market: 0 free now',
    name: 'Market',
    badge: '0',
    tone: 'full',
  },
];

const leafletDrawn = () => document.querySelector('.leaflet-container');

describe('a map', () => {
  beforeEach(() => {
    // happy-dom lays nothing out: the frame is given a phone's width.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 360,
      height: 240,
      top: 0,
      left: 0,
      right: 360,
      bottom: 240,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens as a still picture: tiles, pins that are links to their pages, the provider’s credit, no Leaflet', async () => {
    fakeApi({ '/api/map': { tiles } });
    await renderPage(<SlippyMap label="Lockers on the map" markers={markers} testId="site-map" />);
    const pin = await screen.findByRole('link', { name: 'Bus stand: 3 free now' });
    expect(pin.getAttribute('href')).toBe('/booking/site-a');
    expect(pin.textContent).toBe('3');
    expect(screen.getByRole('img', { name: 'Market: 0 free now' })).toBeTruthy();
    const tileImages = [...document.querySelectorAll<HTMLImageElement>('img.still-map__tile')];
    expect(tileImages.length).toBeGreaterThan(0);
    for (const img of tileImages)
      expect(img.src).toMatch(/^https:\/\/[abc]\.tiles\.test\/1[2-6]\/\d+\/\d+\.png$/);
    expect(screen.getByText('Tiles').closest('.still-map__attribution')).toBeTruthy();
    // Until a tile has loaded, the places are named on the plain ground.
    expect(screen.getByText('Bus stand')).toBeTruthy();
    expect(document.querySelector('.slippy-map--tiles')).toBeNull();
    // A tile shows once it has loaded; one that fails never shows as a broken image.
    expect(document.querySelector('.still-map__tile--loaded')).toBeNull();
    fireEvent.load(tileImages[0]!);
    expect(document.querySelector('.slippy-map--tiles')).toBeTruthy();
    expect(document.querySelectorAll('.still-map__tile--loaded')).toHaveLength(1);
    expect(leafletDrawn()).toBeNull();
  });

  it('becomes Leaflet’s live map when the shopper reaches for it, not when a pin is tapped', async () => {
    fakeApi({ '/api/map': { tiles } });
    await renderPage(<SlippyMap label="Lockers on the map" markers={markers} testId="site-map" />);
    const pin = await screen.findByRole('link', { name: 'Bus stand: 3 free now' });
    fireEvent.pointerDown(pin);
    expect(leafletDrawn()).toBeNull();
    fireEvent.pointerDown(screen.getByRole('region', { name: 'Lockers on the map' }));
    await waitFor(() => expect(leafletDrawn()).toBeTruthy());
    // One map at a time.
    await waitFor(() => expect(document.querySelector('.still-map')).toBeNull());
  });

  it('wakes on the map’s keys, and keeps the keyboard’s focus on the live map', async () => {
    fakeApi({ '/api/map': { tiles: null } });
    await renderPage(<SlippyMap label="Lockers on the map" markers={markers} />);
    const still = await screen.findByRole('region', { name: 'Lockers on the map' });
    // Without tiles there is nothing to credit, and the town is named (once the frame's size is known).
    expect(await screen.findByText('Sivakasi')).toBeTruthy();
    expect(document.querySelector('img.still-map__tile')).toBeNull();
    expect(document.querySelector('.still-map__attribution')).toBeNull();
    fireEvent.keyDown(still, { key: 'Tab' });
    expect(leafletDrawn()).toBeNull();
    fireEvent.keyDown(still, { key: 'ArrowRight' });
    await waitFor(() => expect(leafletDrawn()).toBeTruthy());
    expect(document.activeElement).toBe(leafletDrawn());
  });

  it('is live from the start when it has a pin to place', async () => {
    fakeApi({ '/api/map': { tiles } });
    await renderPage(
      <SlippyMap
        label="Your address"
        pin={{ lat: 9.45, lng: 77.8 }}
        onPinMove={() => undefined}
        pinLabel="Here"
      />,
    );
    await waitFor(() => expect(leafletDrawn()).toBeTruthy());
    expect(document.querySelector('.still-map')).toBeNull();
  });
});
