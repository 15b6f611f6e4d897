// @vitest-environment happy-dom

import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { PrimaryNav } from './primary-nav.tsx';

afterEach(cleanup);

it('names the tab to the payment history for what it opens, in English and Tamil (item 9)', async () => {
  const { unmount } = await renderPage(<PrimaryNav />);
  expect(screen.getByRole('link', { name: 'Payments' }).getAttribute('href')).toBe('/bookings');
  expect(screen.queryByRole('link', { name: 'Bookings' })).toBeNull();
  unmount();
  await renderPage(<PrimaryNav />, { language: 'ta' });
  // One word that fits a quarter of a 360 px bar: the plural was cut to "கட்டணங…".
  expect(screen.getByRole('link', { name: 'கட்டணம்' }).getAttribute('href')).toBe('/bookings');
});
