// @vitest-environment happy-dom

import { act, cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { viewportStore } from '../../lib/viewport.ts';
import { LayoutTop } from './layout-top.tsx';

afterEach(() => {
  cleanup();
  viewportStore.setState({ scrolled: false });
});

it('lifts the top bar off the page while the page is scrolled', () => {
  const { container } = render(<LayoutTop>bar</LayoutTop>);
  const top = container.firstElementChild!;
  expect(top.className).toBe('layout__top');
  act(() => viewportStore.setState({ scrolled: true }));
  expect(top.className).toBe('layout__top layout__top--scrolled');
  act(() => viewportStore.setState({ scrolled: false }));
  expect(top.className).toBe('layout__top');
});
