// @vitest-environment happy-dom

import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { i18n, initI18n, setLanguage } from '../lib/i18n/index.ts';
import { messageLoaders } from './i18n/resources.ts';
import { Root } from './root.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('scrolls to the top on every navigation, but not when only the query changes', async () => {
  if (!i18n.isInitialized) await initI18n(messageLoaders);
  await setLanguage('en');
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const router = createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { path: '/a', element: <Link to="/b">to b</Link> },
          { path: '/b', element: <Link to="/b?page=2">page 2</Link> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  expect(scrollTo).toHaveBeenCalledTimes(1);
  act(() => screen.getByText('to b').click());
  expect(await screen.findByText('page 2')).toBeTruthy();
  expect(scrollTo).toHaveBeenCalledTimes(2);
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  act(() => screen.getByText('page 2').click());
  expect(router.state.location.search).toBe('?page=2');
  expect(scrollTo).toHaveBeenCalledTimes(2);
});

it('takes index.html’s splash away once the first screen is up', async () => {
  if (!i18n.isInitialized) await initI18n(messageLoaders);
  const boot = document.createElement('div');
  boot.id = 'boot';
  document.body.append(boot);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const router = createMemoryRouter(
    [{ element: <Root />, children: [{ path: '/a', element: <p>first screen</p> }] }],
    {
      initialEntries: ['/a'],
    },
  );
  render(<RouterProvider router={router} />);
  expect(await screen.findByText('first screen')).toBeTruthy();
  expect(document.getElementById('boot')).toBeNull();
});
