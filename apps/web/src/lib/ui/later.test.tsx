// @vitest-environment happy-dom

import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { bootSplashUp, dismissBootSplash } from '../boot-splash.ts';
import { Later } from './later.tsx';

/** A screen as the app draws its first one: the root takes the splash away once it is drawn. */
function Screen() {
  useLayoutEffect(() => dismissBootSplash(), []);
  return (
    <main>
      <h1>Dashboard</h1>
      <Later>
        <p>Sites near you</p>
      </Later>
    </main>
  );
}

const aTaskLater = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('a part drawn later', () => {
  afterEach(() => {
    cleanup();
    document.getElementById('boot')?.remove();
  });

  it('on the first screen, comes a task after the rest, and the copy stays over the app until it has', async () => {
    const boot = document.createElement('div');
    boot.id = 'boot';
    document.body.append(boot);
    render(<Screen />);
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(screen.queryByText('Sites near you')).toBeNull();
    expect(bootSplashUp()).toBe(true);
    await aTaskLater();
    expect(screen.getByText('Sites near you')).toBeTruthy();
    expect(bootSplashUp()).toBe(false);
  });

  it('once the copy is gone, comes with the rest', () => {
    render(<Screen />);
    expect(screen.getByText('Sites near you')).toBeTruthy();
  });
});
