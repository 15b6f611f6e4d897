// @vitest-environment happy-dom

import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { AccountLinks } from './account-links.tsx';

afterEach(cleanup);

it('reaches curbside pickup and grab-and-go from the profile menu (item 9)', async () => {
  await renderPage(<AccountLinks />);
  expect(screen.getByRole('link', { name: /^Curbside pickup/ }).getAttribute('href')).toBe('/curbside');
  expect(screen.getByRole('link', { name: /^Grab & Go/ }).getAttribute('href')).toBe('/Grab&Go');
});
